import { projectEndpoints, requestEndpoints } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(async () => {
  // The first lazy imports of a vitest worker are slow; load the page's modules once up front.
  await Promise.all([
    import('../requests-page'),
    import('./request-form'),
    import('../../../i18n/domain-resources'),
  ]);
}, 60_000);

describe('request form: the request name', { timeout: 60_000 }, () => {
  it('shows its 200-character limit as a counter and refuses a longer name with a message instead of cutting it', async () => {
    let posts = 0;
    server.use(
      handlerFor(
        requestEndpoints.listRequests,
        () => HttpResponse.json({ hasError: false, message: '', items: [], total: 0 }),
        { namespace: 'user' },
      ),
      handlerFor(
        projectEndpoints.listProjects,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            items: [],
            nextCursor: null,
            counts: { all: 0, patent: 0, utilityModel: 0, design: 0, trademark: 0, deleted: 0 },
          }),
        { namespace: 'user' },
      ),
      handlerFor(requestEndpoints.createRequest, () => {
        posts += 1;
        return HttpResponse.json({});
      }),
    );
    const app = renderApp('/requests', { apiUser: makeUser() });
    await app.findByText('依頼はまだありません', {}, { timeout: 20_000 });
    await app.user.click(app.getByRole('button', { name: '新規依頼' }));
    const dialog = await app.findByRole('dialog', { name: '依頼の登録' });
    const name = await within(dialog).findByRole('textbox', { name: /依頼名/ }, { timeout: 20_000 });
    expect(name).toHaveAccessibleDescription('0 / 200');

    const long = '見'.repeat(205);
    await app.user.click(name);
    await app.user.paste(long);
    expect(name).toHaveValue(long);
    expect(within(dialog).getByText(/205 \/ 200/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: '依頼する' }));
    expect(await within(dialog).findByText('200文字以内で入力してください')).toBeInTheDocument();
    expect(name).toHaveValue(long);
    expect(posts).toBe(0);
  });
});
