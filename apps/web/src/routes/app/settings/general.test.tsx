import type { Project } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastProjectId, rememberProject } from '../../../lib/current-project';
import { type FetchCall, fakeAppApi, json, renderApp, signIn, testProject } from '../../../test/render';

const PATH = '/app/projects/p1/settings';

/** The API of one project whose PATCH and DELETE change what later reads answer. */
function serveProject(initial: Partial<Project> = {}, answer?: (call: FetchCall) => Response | undefined) {
  let project = testProject({ locales: ['en', 'es'], default_locale: 'en', ...initial });
  const projects = () => [project];
  const calls = fakeAppApi((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/v1/projects/p1' && call.method === 'PATCH') {
      project = { ...project, ...(call.body as Partial<Project>) };
      return json(200, { data: project });
    }
    if (call.path === '/api/v1/projects/p1' && call.method === 'DELETE') return new Response(null, { status: 204 });
    if (call.path === '/api/v1/projects' && call.method === 'GET') {
      return json(200, { data: projects(), meta: { total: 1, page: 1, limit: 25 } });
    }
    if (call.path === '/api/v1/projects/p1' && call.method === 'GET') return json(200, { data: project });
    return undefined;
  });
  return calls;
}

const patches = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PATCH');

describe('project settings: general', () => {
  it('shows the project ID and slug to copy, with the tabs of the settings', async () => {
    signIn();
    serveProject();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(tabs).getByRole('link', { name: 'General' }).getAttribute('href')).toBe(PATH);
    expect(within(tabs).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe(`${PATH}/members`);
    expect(within(tabs).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe(`${PATH}/billing`);
    expect(within(tabs).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/app/settings/profile');
    const identity = screen.getByRole('region', { name: 'Project' });
    expect(within(identity).getByText('p1')).toBeTruthy();
    expect(within(identity).getByText('marketing-site')).toBeTruthy();
    expect(within(identity).getByRole('button', { name: 'Copy ID' })).toBeTruthy();
    expect(within(identity).getByRole('button', { name: 'Copy slug' })).toBeTruthy();
  });

  it('renames the project: Save waits for a change, an empty name is refused, Reset drops the change', async () => {
    signIn();
    const calls = serveProject();
    const { user } = renderApp(PATH);
    const name = await screen.findByLabelText('Project name');
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    const reset = screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(reset.disabled).toBe(true);

    await user.clear(name);
    expect(save.disabled).toBe(false);
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(save);
    expect(await screen.findByText('Give the project a name')).toBeTruthy();
    expect(patches(calls)).toHaveLength(0);

    await user.click(reset);
    expect((name as HTMLInputElement).value).toBe('Marketing site');
    expect(save.disabled).toBe(true);

    await user.type(name, ' 2026');
    await user.click(save);
    expect(await screen.findByText('Project settings saved.')).toBeTruthy();
    expect(patches(calls)).toEqual([
      expect.objectContaining({ path: '/api/v1/projects/p1', body: { name: 'Marketing site 2026' } }),
    ]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(screen.getByText('All changes saved.')).toBeTruthy();
  });

  it('adds locales from the common list and by tag, refusing tags that are not BCP 47 or already there', async () => {
    signIn();
    const calls = serveProject();
    const { user } = renderApp(PATH);
    const list = await screen.findByRole('list', { name: 'Project locales' });
    expect(within(list).getByText('English')).toBeTruthy();
    expect(within(list).getByText('Spanish')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Common locale'), 'fr');
    await user.click(screen.getByRole('button', { name: 'Add the chosen locale' }));
    expect(within(list).getByText('French')).toBeTruthy();
    // An added locale leaves the list of choices.
    expect(within(screen.getByLabelText('Common locale')).queryByRole('option', { name: 'French (fr)' })).toBeNull();

    const typed = screen.getByLabelText('Other language tag (BCP 47)');
    await user.type(typed, 'english{Enter}');
    expect(await screen.findByText(/“english” is not a BCP 47 language tag/)).toBeTruthy();
    expect(typed.getAttribute('aria-invalid')).toBe('true');

    await user.clear(typed);
    await user.type(typed, 'es{Enter}');
    expect(await screen.findByText("Spanish (es) is already one of the project's locales.")).toBeTruthy();

    await user.clear(typed);
    await user.type(typed, 'PT-br');
    expect(screen.getByText('Brazilian Portuguese')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add the typed tag' }));
    expect(within(list).getByText('pt-BR')).toBeTruthy();
    expect((typed as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Project settings saved.');
    expect(patches(calls)[0]?.body).toEqual({ locales: ['en', 'es', 'fr', 'pt-BR'] });
  });

  it('keeps the default locale: it cannot be removed until another one is the default', async () => {
    signIn();
    const calls = serveProject();
    const { user } = renderApp(PATH);
    const removeEnglish = (await screen.findByRole('button', { name: 'Remove English (en)' })) as HTMLButtonElement;
    expect(removeEnglish.disabled).toBe(true);
    const rule = document.getElementById(removeEnglish.getAttribute('aria-describedby') ?? '');
    expect(rule?.textContent).toContain('English (en) is the default locale, so it cannot be removed');

    await user.selectOptions(screen.getByLabelText('Default locale'), 'es');
    expect(removeEnglish.disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Remove Spanish (es)' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(removeEnglish);
    expect(within(screen.getByRole('list', { name: 'Project locales' })).queryByText('English')).toBeNull();
    // The default locale picker offers only the remaining locales.
    expect(within(screen.getByLabelText('Default locale')).getAllByRole('option')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Project settings saved.');
    expect(patches(calls)[0]?.body).toEqual({ locales: ['es'], default_locale: 'es' });
  });

  it("shows the server's message when a save is refused, and keeps the changes", async () => {
    signIn();
    serveProject({}, (call) =>
      call.method === 'PATCH'
        ? json(400, {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'default_locale: must be one of the locales',
          })
        : undefined,
    );
    const { user } = renderApp(PATH);
    await user.type(await screen.findByLabelText('Project name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('default_locale: must be one of the locales')).toBeTruthy();
    expect((screen.getByLabelText('Project name') as HTMLInputElement).value).toBe('Marketing site!');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('asks before leaving the page with unsaved changes', async () => {
    signIn();
    serveProject();
    const { user, router } = renderApp(PATH);
    await user.type(await screen.findByLabelText('Project name'), ' v2');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Members' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(PATH);
    expect((screen.getByLabelText('Project name') as HTMLInputElement).value).toBe('Marketing site v2');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Members' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PATH}/members`));
  });

  it('deletes the project once its exact name is typed, then goes to the projects and forgets it', async () => {
    signIn();
    rememberProject('p1');
    const calls = serveProject();
    const { user, router } = renderApp(PATH);
    const zone = await screen.findByRole('region', { name: 'Danger zone' });
    await user.click(within(zone).getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this project?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const input = within(dialog).getByLabelText(/to confirm/);
    await user.type(input, 'marketing site');
    expect(confirm.disabled).toBe(true);
    await user.clear(input);
    await user.type(input, 'Marketing site');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    expect(await screen.findByText('The project was deleted.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects'));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/v1/projects/p1' }),
    ]);
    expect(lastProjectId()).toBeNull();
  });

  it('lets an admin edit but not delete', async () => {
    signIn();
    serveProject({ role: 'admin' });
    renderApp(PATH);
    expect(await screen.findByLabelText('Project name')).toBeTruthy();
    const zone = screen.getByRole('region', { name: 'Danger zone' });
    expect(within(zone).queryByRole('button', { name: 'Delete project' })).toBeNull();
    expect(within(zone).getByText('Only an owner of the project can delete it.')).toBeTruthy();
    // Every member may look at the plan; the billing tab says that only owners change it.
    expect(
      within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Billing' }),
    ).toBeTruthy();
  });

  it('shows a viewer the settings read-only, and says who can change them', async () => {
    signIn();
    serveProject({ role: 'viewer', locales: ['en', 'fr'] });
    renderApp(PATH);
    expect(await screen.findByText(/You are a viewer in this project: only its owners and admins/)).toBeTruthy();
    expect(screen.queryByLabelText('Project name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    const locales = screen.getByRole('list', { name: 'Project locales' });
    expect(within(locales).getByText('French (fr)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete project' })).toBeNull();
    // The ID is everyone's: the docs' getting started needs it.
    expect(screen.getByRole('button', { name: 'Copy ID' })).toBeTruthy();
  });
});
