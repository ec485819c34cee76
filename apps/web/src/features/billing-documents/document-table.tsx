import { documentColumns, type BillingDocument } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { useDocumentText } from './document-text';

/* The line table and the totals of a printable estimate or invoice (see document-parts.tsx). */

const cell = css`
  padding: 4px 6px;
  border: 1px solid #555;
  vertical-align: top;
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  font-variant-numeric: tabular-nums;
  th {
    ${cell};
    background: #eef1f5;
    font-weight: 700;
    white-space: nowrap;
  }
  td {
    ${cell};
  }
  tr {
    break-inside: avoid;
  }
  .num {
    text-align: right;
    white-space: nowrap;
  }
  .center {
    text-align: center;
    white-space: nowrap;
  }
  .fx {
    display: block;
    font-size: 11px;
    color: #444;
  }
`;

/** The items: description (and the foreign amount with its rate), quantity, unit price in its currency, tax class, yen amount. */
export function LineTable({ document }: { document: BillingDocument }) {
  const { t } = useTranslation();
  const text = useDocumentText();
  return (
    <Lines aria-label={t('billingDocument.lines')}>
      <thead>
        <tr>
          {documentColumns.map((column) => (
            <th key={column} scope="col">
              {text(document.columns[column])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {document.noLines && (
          <tr>
            <td colSpan={documentColumns.length}>{text(document.noLines)}</td>
          </tr>
        )}
        {document.lines.map((line) => (
          <tr key={line.index.ja}>
            <td className="center">{text(line.index)}</td>
            <td>
              {text(line.description)}
              {line.foreign && <span className="fx">{text(line.foreign)}</span>}
            </td>
            <td className="num">{text(line.quantity)}</td>
            <td className="num">{text(line.unitPrice)}</td>
            <td className="center">{text(line.taxClass)}</td>
            <td className="num">{text(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </Lines>
  );
}

const TotalsLayout = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  break-inside: avoid;
`;

const TotalsTable = styled.table`
  min-width: 60%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 3px 6px;
    border-bottom: 1px solid #bbb;
  }
  th {
    text-align: left;
    font-weight: 400;
  }
  td {
    text-align: right;
    white-space: nowrap;
  }
  .strong th,
  .strong td {
    font-weight: 700;
    border-bottom: 2px solid #111;
  }
`;

/**
 * Subtotal and consumption tax per tax class (one rounding per class and document, as the
 * qualified-invoice rules require), the total, and when the issuer is an individual attorney the
 * withholding and the amount to transfer.
 */
export function TotalsBlock({ document }: { document: BillingDocument }) {
  const { t } = useTranslation();
  const text = useDocumentText();
  return (
    <TotalsLayout>
      <TotalsTable aria-label={t('billingDocument.totals')}>
        <tbody>
          {document.totals.map((row) => (
            <tr key={row.label.en} className={row.strong ? 'strong' : undefined}>
              <th scope="row">{text(row.label)}</th>
              <td>{text(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </TotalsTable>
    </TotalsLayout>
  );
}
