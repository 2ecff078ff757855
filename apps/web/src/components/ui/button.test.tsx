import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

function SignInForm() {
  return (
    <form>
      <input aria-label="Password" name="password" />
      <Button type="submit">Sign in</Button>
      <Button>Show password</Button>
    </form>
  );
}

describe('Button', () => {
  it('prerenders a submit button disabled, so the browser cannot send the form before the app handles it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignInForm />);
    const submit = container.querySelector('button[type="submit"]');
    expect(submit?.hasAttribute('disabled')).toBe(true);
    expect(container.querySelector('button[type="button"]')?.hasAttribute('disabled')).toBe(false);
  });

  it('enables the submit button once the page is hydrated', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<SignInForm />);
    render(<SignInForm />, { container, hydrate: true });
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' }).disabled).toBe(false),
    );
  });

  it('is enabled from the start in a page the browser renders alone', () => {
    render(<SignInForm />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' }).disabled).toBe(false);
  });
});
