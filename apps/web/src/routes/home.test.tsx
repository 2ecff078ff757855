import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';

// happy-dom lays nothing out, so these tests check the CSS that keeps the layout inside a phone's
// screen (the real widths are measured in e2e/site.e2e.ts, at 390 px).
describe('home page', () => {
  it('keeps the hero code card within the screen: its column may shrink, its code scrolls inside it', async () => {
    renderApp('/');
    const caption = await screen.findByText('Fetch published articles from any JavaScript runtime');
    const card = caption.closest('figure');
    if (!card) throw new Error('the code sample is not a figure');
    // An implicit grid column is `auto`: it grows to the longest code line, past a phone's edge.
    const hero = card.parentElement;
    expect(hero?.classList.contains('grid')).toBe(true);
    expect(hero?.classList.contains('grid-cols-1')).toBe(true);
    expect(card.classList.contains('min-w-0')).toBe(true);
    const code = within(card).getByText(/const res = await fetch\(/);
    expect(code.closest('pre')?.classList.contains('overflow-x-auto')).toBe(true);
  });
});
