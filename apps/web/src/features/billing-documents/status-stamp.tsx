import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const mm = (value: number) => `${value}mm`;

const StampBox = styled.div<{ $tone: 'danger' | 'success' | 'muted' }>`
  position: absolute;
  top: ${mm(10)};
  right: ${mm(12)};
  transform: rotate(-12deg);
  padding: 4px 14px;
  border: 3px solid currentColor;
  border-radius: 6px;
  font-size: 22px;
  font-weight: 700;
  letter-spacing: 0.15em;
  text-transform: uppercase;
  opacity: 0.85;
  color: ${({ $tone }) => ($tone === 'danger' ? '#b42318' : $tone === 'success' ? '#1e6b3a' : '#555')};
  pointer-events: none;
  @media print {
    top: 0;
    right: 0;
  }
`;

const StampNote = styled.p<{ $tone: 'danger' | 'success' | 'muted' }>`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  padding: 6px 10px;
  border-left: 4px solid
    ${({ $tone }) => ($tone === 'danger' ? '#b42318' : $tone === 'success' ? '#1e6b3a' : '#555')};
  background: #f6f6f6;
`;

export type StampKind =
  'draft' | 'void' | 'paid' | 'expired' | 'superseded' | 'declined' | 'withdrawn' | 'accepted';

const stampTones: Record<StampKind, 'danger' | 'success' | 'muted'> = {
  draft: 'muted',
  void: 'danger',
  paid: 'success',
  expired: 'danger',
  superseded: 'muted',
  declined: 'danger',
  withdrawn: 'muted',
  accepted: 'success',
};

/** The rubber stamp across the top right (printed too), with a sentence saying why when there is one. */
export function StatusStamp({ kind, note }: { kind: StampKind; note?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <StampBox $tone={stampTones[kind]}>{t(`billingDocument.stamp.${kind}`)}</StampBox>
      {note && (
        <StampNote $tone={stampTones[kind]} role="note">
          {note}
        </StampNote>
      )}
    </>
  );
}
