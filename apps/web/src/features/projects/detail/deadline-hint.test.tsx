import { CaseType, computeDeadlines, RegionCode, type ComputedDeadline } from '@ipportal/domain';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { useMessages, domainMessages } from '../../../shared/lazy-messages';
import { projectTexts } from '../project-texts';
import { DeadlineHint } from './deadline-hint';

const slow = { timeout: 20_000 };

function Hint(props: { deadline: ComputedDeadline; stored?: string }) {
  useMessages(projectTexts, domainMessages);
  return <DeadlineHint {...props} />;
}

const exam = (input: Partial<Parameters<typeof computeDeadlines>[0]>) =>
  computeDeadlines({ type: CaseType.Patent, regionCode: RegionCode.Japan, ...input }).find(
    (d) => d.ruleId === 'jp.patent.examinationRequest',
  )!;

describe('a computed deadline beside its field', { timeout: 60_000 }, () => {
  it('a registered patent’s examination request says the registration completed it, not that it passed', async () => {
    const app = renderWithProviders(
      <Hint deadline={exam({ applicationDate: '2021-06-15', registrationDate: '2023-05-10' })} />,
    );
    expect(await app.findByText('登録（2023/05/10）により完了', {}, slow)).toBeInTheDocument();
    expect(app.queryByText('期限経過')).toBeNull();
  });

  it('a stored date the office gives before the weekend shift is not a difference; another date is', async () => {
    // Filed 2024-01-30: three years end on Saturday 2027-01-30, moved to Monday 2027-02-01.
    const deadline = exam({ applicationDate: '2024-01-30' });
    expect([deadline.plainDate, deadline.date]).toEqual(['2027-01-30', '2027-02-01']);
    const app = renderWithProviders(<Hint deadline={deadline} stored="2027-01-30" />);
    await app.findByText('自動計算', {}, slow);
    expect(app.queryByText(/登録されている日付と計算した日付が異なります/)).toBeNull();
    app.unmount();
    const other = renderWithProviders(<Hint deadline={deadline} stored="2027-01-29" />);
    expect(
      await other.findByText(/登録されている日付と計算した日付が異なります/, {}, slow),
    ).toBeInTheDocument();
  });
});
