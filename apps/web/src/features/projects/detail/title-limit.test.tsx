import { projectDetailEndpoints } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { giveElementsASize, makeDetail, serveDetail, warmUp } from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

describe('matter detail: the title', { timeout: 60_000 }, () => {
  it('shows its limit as a counter while editing and refuses an over-long title with a message, in English too', async () => {
    const detail = makeDetail({ title: 'Positive electrode material' });
    serveDetail(detail);
    let patches = 0;
    server.use(
      handlerFor(
        projectDetailEndpoints.updateProject,
        () => {
          patches += 1;
          return HttpResponse.json({ hasError: false, message: '', item: detail });
        },
        { namespace: 'user', params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, {
      apiUser: makeUser({ locale: 'en' }),
      locale: 'en',
    });
    await app.findByRole('heading', { level: 2, name: /Positive electrode/ }, { timeout: 20_000 });
    await app.user.click(app.getByRole('button', { name: 'Edit Basic information' }));
    const group = within(app.getByRole('region', { name: 'Basic information' }));
    const title = group.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAccessibleDescription('27 / 200');

    await app.user.click(title);
    await app.user.paste('x'.repeat(180));
    expect(title).toHaveValue(`Positive electrode material${'x'.repeat(180)}`);
    expect(group.getByText(/207 \/ 200/)).toBeInTheDocument();
    await app.user.click(group.getByRole('button', { name: 'Save' }));
    expect(await group.findByText('Use at most 200 characters')).toBeInTheDocument();
    expect(patches).toBe(0);
    expect(app.missingKeys).toEqual([]);
  });
});
