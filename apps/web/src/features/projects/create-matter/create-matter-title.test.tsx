import { projectEndpoints } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { giveElementsASize, serveList, warmUp } from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

describe('Create Matter title', { timeout: 60_000 }, () => {
  it('shows its 200-character limit as a counter and refuses a longer title with a message instead of cutting it', async () => {
    serveList([]);
    let posts = 0;
    server.use(
      handlerFor(projectEndpoints.createProject, () => {
        posts += 1;
        return HttpResponse.json({});
      }),
    );
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByText('案件が登録されていません', {}, { timeout: 20_000 });
    await app.user.click(app.getByRole('button', { name: '案件作成' }));
    const dialog = await app.findByRole('dialog', { name: '案件作成' });
    const title = await within(dialog).findByRole('textbox', { name: /案件名/ }, { timeout: 20_000 });
    expect(title).toHaveAccessibleDescription('0 / 200');

    const long = '正'.repeat(201);
    await app.user.click(title);
    await app.user.paste(long);
    expect(title).toHaveValue(long);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(/201 \/ 200/)).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: '作成' }));
    expect(await within(dialog).findByText('200文字以内で入力してください')).toBeInTheDocument();
    expect(title).toHaveValue(long);
    expect(posts).toBe(0);
  });
});
