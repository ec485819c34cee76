import { taxClasses } from '@ipportal/domain';
import {
  Button,
  ChevronDownIcon,
  ChevronUpIcon,
  IconButton,
  PlusIcon,
  Select,
  TextField,
  TrashIcon,
} from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useBillingFormats } from './billing-format';
import { currencies, emptyLine } from './line-drafts';
import type { LineDraft } from './line-drafts';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
`;

const Line = styled.li`
  display: grid;
  grid-template-columns:
    2rem minmax(10rem, 3fr) minmax(5.5rem, 0.7fr) minmax(8rem, 1fr) minmax(10rem, 1.3fr)
    minmax(5.5rem, 0.7fr) minmax(9rem, 1.1fr) auto;
  gap: ${({ theme }) => theme.space.sm}px;
  align-items: start;
  padding: ${({ theme }) => theme.space.md}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  @media (max-width: 1100px) {
    grid-template-columns: 2rem repeat(3, minmax(0, 1fr));
  }
`;

const Number = styled.span`
  padding-top: 30px;
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Amount = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  & > span:first-child {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
  & > span:last-child {
    padding-top: ${({ theme }) => theme.space.sm}px;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const Tools = styled.div`
  display: flex;
  gap: 2px;
  padding-top: 24px;
`;

export interface LineItemsEditorProps {
  /** The form's id: the fields are `${formId}-lines.${i}.${field}` (a server error focuses them). */
  formId: string;
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** Field errors by path (`lines.0.unitPrice`), the server's or the form's. */
  errors: Record<string, string>;
  /** Yen amount of each line from the preview (null while incomplete). */
  amounts: (number | null)[];
  disabled?: boolean;
}

type Field = Exclude<keyof LineDraft, 'key'>;

/** The lines of an estimate or invoice: add, remove, move up and down, each with its amount. */
export function LineItemsEditor({
  formId,
  lines,
  onChange,
  errors,
  amounts,
  disabled,
}: LineItemsEditorProps) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const set = (index: number, field: Field, value: string) =>
    onChange(
      lines.map((line, i) => {
        if (i !== index) return line;
        const next = { ...line, [field]: value };
        if (field === 'currency' && value === 'JPY') next.exchangeRate = '';
        return next;
      }),
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...lines];
    const [line] = next.splice(index, 1);
    if (!line) return;
    next.splice(index + by, 0, line);
    onChange(next);
  };
  const remove = (index: number) => onChange(lines.filter((_, i) => i !== index));
  const id = (index: number, field: Field) => `${formId}-lines.${index}.${field}`;
  const error = (index: number, field: Field) => errors[`lines.${index}.${field}`];
  const taxOptions = taxClasses.values.map((value) => ({ value, label: t(`code.taxClass.${value}`) }));
  const currencyOptions = currencies.map((code) => ({ value: code, label: code }));

  return (
    <div>
      <Hint>{t('billingOffice.lines.allRequired')}</Hint>
      <List aria-label={t('billingOffice.lines.heading')}>
        {lines.map((line, index) => {
          const n = index + 1;
          const amount = amounts[index];
          return (
            <Line key={line.key} aria-label={t('billingOffice.lines.line', { n })}>
              <Number aria-hidden>{n}</Number>
              <TextField
                id={id(index, 'description')}
                label={t('billingOffice.lines.description')}
                required
                value={line.description}
                maxLength={500}
                disabled={disabled}
                onChange={(e) => set(index, 'description', e.target.value)}
                error={error(index, 'description')}
              />
              <TextField
                id={id(index, 'quantity')}
                label={t('billingOffice.lines.quantity')}
                aria-required
                inputMode="decimal"
                value={line.quantity}
                disabled={disabled}
                onChange={(e) => set(index, 'quantity', e.target.value)}
                error={error(index, 'quantity')}
              />
              <TextField
                id={id(index, 'unitPrice')}
                label={t('billingOffice.lines.unitPrice')}
                aria-required
                inputMode="decimal"
                value={line.unitPrice}
                disabled={disabled}
                onChange={(e) => set(index, 'unitPrice', e.target.value)}
                error={error(index, 'unitPrice')}
              />
              <Select
                id={id(index, 'taxClass')}
                label={t('billingOffice.lines.taxClass')}
                aria-required
                placeholder={null}
                value={line.taxClass}
                disabled={disabled}
                options={taxOptions}
                onChange={(e) => set(index, 'taxClass', e.target.value)}
                error={error(index, 'taxClass')}
              />
              <Select
                id={id(index, 'currency')}
                label={t('billingOffice.lines.currency')}
                placeholder={null}
                value={line.currency}
                disabled={disabled}
                options={currencyOptions}
                onChange={(e) => set(index, 'currency', e.target.value)}
                error={error(index, 'currency')}
              />
              {line.currency === 'JPY' ? (
                <Amount>
                  <span>{t('billingOffice.lines.amount')}</span>
                  <span>{amount === null || amount === undefined ? '—' : formats.yen(amount)}</span>
                </Amount>
              ) : (
                <TextField
                  id={id(index, 'exchangeRate')}
                  label={t('billingOffice.lines.exchangeRate', { currency: line.currency })}
                  aria-required
                  inputMode="decimal"
                  value={line.exchangeRate}
                  disabled={disabled}
                  helpText={
                    amount === null || amount === undefined
                      ? undefined
                      : t('billingOffice.lines.inYen', { amount: formats.yen(amount) })
                  }
                  onChange={(e) => set(index, 'exchangeRate', e.target.value)}
                  error={error(index, 'exchangeRate')}
                />
              )}
              <Tools>
                <IconButton
                  size="sm"
                  label={t('billingOffice.lines.moveUp', { n })}
                  icon={<ChevronUpIcon />}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                />
                <IconButton
                  size="sm"
                  label={t('billingOffice.lines.moveDown', { n })}
                  icon={<ChevronDownIcon />}
                  disabled={disabled || index === lines.length - 1}
                  onClick={() => move(index, 1)}
                />
                <IconButton
                  size="sm"
                  label={t('billingOffice.lines.remove', { n })}
                  icon={<TrashIcon />}
                  disabled={disabled}
                  onClick={() => remove(index)}
                />
              </Tools>
            </Line>
          );
        })}
      </List>
      {errors.lines && <p role="alert">{errors.lines}</p>}
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled}
        onClick={() => onChange([...lines, emptyLine()])}
        style={{ marginTop: 12 }}
      >
        <PlusIcon size={16} /> {t('billingOffice.lines.add')}
      </Button>
    </div>
  );
}
