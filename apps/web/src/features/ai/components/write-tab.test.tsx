import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchCall, fakeFetch, json } from '../../../test/render';
import { renderAssistant, sseStream } from './ai-test-helpers';

const GENERATE = '/api/v1/projects/p1/ai/generate';

async function openWrite(options: Parameters<typeof renderAssistant>[0] = {}) {
  const view = renderAssistant(options);
  await view.user.click(screen.getByRole('button', { name: 'AI assistant' }));
  const panel = await screen.findByRole('dialog', { name: 'AI assistant' });
  return { ...view, panel };
}

describe('AI assistant: write', () => {
  it('streams the text as it comes, then inserts the whole text into the chosen field', async () => {
    const stream = sseStream();
    const calls: FetchCall[] = fakeFetch((call) => (call.path === GENERATE ? stream.response : json(404)));
    const { user, onChange } = await openWrite({ locale: 'es' });
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe('es');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field' }), 'title');
    await user.type(screen.getByRole('textbox', { name: 'What to write' }), 'A title about tea');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tone' }), 'playful');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Length' }), '50');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.headers.Accept).toBe('text/event-stream');
    expect(calls[0]?.headers.Authorization).toBe('Bearer access-1');
    expect(calls[0]?.body).toEqual({
      prompt: 'A title about tea',
      field: 'articles.title',
      tone: 'playful',
      locale: 'es',
      max_length: 350,
    });

    stream.send('delta', { text: 'Hel' });
    const output = within(await screen.findByRole('region', { name: 'Generated text' }));
    expect(await output.findByText('Hel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Insert into/ })).toBeNull();
    stream.send('delta', { text: 'lo tea' });
    expect(await output.findByText('Hello tea')).toBeTruthy();
    stream.send('done', { text: 'Hello tea!', usage: { prompt_tokens: 12, completion_tokens: 4 } });
    stream.close();
    expect(await output.findByText('Hello tea!')).toBeTruthy();
    expect(screen.getByText('16 tokens used')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Insert into Title' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'title' }), 'Hello tea!');
    expect(screen.getByText('Put into Title as an unsaved change.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Generated text' })).toBeNull();
  });

  it('wraps paragraphs in <p> for a rich-text field, and Discard drops the text', async () => {
    const answers = [sseStream(), sseStream()];
    let index = 0;
    fakeFetch(() => answers[index++]?.response ?? json(404));
    const { user, onChange } = await openWrite();
    expect((screen.getByRole('combobox', { name: 'Field' }) as HTMLSelectElement).value).toBe('title');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field' }), 'body');
    await user.type(screen.getByRole('textbox', { name: 'What to write' }), 'Two paragraphs');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    answers[0]?.send('done', {
      text: 'First one.\n\nSecond & last.',
      usage: { prompt_tokens: 1, completion_tokens: 1 },
    });
    await user.click(await screen.findByRole('button', { name: 'Insert into Body' }));
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'body' }),
      '<p>First one.</p><p>Second &amp; last.</p>',
    );

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    answers[1]?.send('done', { text: 'Unwanted', usage: { prompt_tokens: 1, completion_tokens: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('Unwanted')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('asks for a prompt before generating', async () => {
    const calls = fakeFetch(() => json(404));
    const { user } = await openWrite();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText('Say what to write.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('stops the stream and keeps what arrived', async () => {
    const stream = sseStream();
    fakeFetch(() => stream.response);
    const { user, onChange } = await openWrite();
    await user.type(screen.getByRole('textbox', { name: 'What to write' }), 'Something long');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    stream.send('delta', { text: 'Once upon' });
    expect(await screen.findByText('Once upon')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(stream.state.cancelled).toBe(true));
    expect(screen.getByText(/Stopped\. What arrived is kept below\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Insert into Title' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'title' }), 'Once upon');
  });

  it('explains that an administrator must set up the model when the server has none (503)', async () => {
    fakeFetch(() => json(503, { statusCode: 503, code: 'AI_NOT_CONFIGURED', message: 'No AI model is configured' }));
    const { user } = await openWrite();
    await user.type(screen.getByRole('textbox', { name: 'What to write' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The AI assistant is not set up');
    expect(alert.textContent).toContain('PLINTH_AI_BASE_URL');
    expect(alert.textContent).toContain('PLINTH_AI_MODEL');
  });

  it('shows the server’s message when the model fails (502)', async () => {
    fakeFetch(() => json(502, { statusCode: 502, code: 'UPSTREAM_ERROR', message: 'The AI model did not answer' }));
    const { user } = await openWrite();
    await user.type(screen.getByRole('textbox', { name: 'What to write' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The AI model did not answer');
  });

  it('keeps the partial text when an error event arrives mid-stream', async () => {
    const stream = sseStream();
    fakeFetch(() => stream.response);
    const { user, onChange } = await openWrite();
    await user.type(screen.getByRole('textbox', { name: 'What to write' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    stream.send('delta', { text: 'Half a sen' });
    stream.send('error', { statusCode: 502, code: 'UPSTREAM_ERROR', message: 'The model stopped answering' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The model stopped answering');
    expect(alert.textContent).toContain('What arrived before the failure is kept below.');
    expect(screen.getByText('Half a sen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Insert into Title' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'title' }), 'Half a sen');
  });

  it('says so when the collection has no field to write into', async () => {
    fakeFetch(() => json(404));
    await openWrite({ fields: [{ name: 'views', type: 'integer' }] });
    expect(screen.getByText(/no text, long text or rich-text field/)).toBeTruthy();
  });
});
