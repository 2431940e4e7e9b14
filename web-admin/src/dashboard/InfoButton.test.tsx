// @vitest-environment jsdom
// The "i" of a card: a button named after the figure that opens its definition under it and closes again by
// a second press, by Escape (the focus back on the button) or by a press elsewhere — all by keyboard too.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { figures } from '@bodymetrics/contracts';
import { StatCard } from './StatCard';

afterEach(() => cleanup());

const renderCard = () =>
  render(
    <>
      <StatCard
        testId="card-bounce-rate"
        label={figures.bounceRate.label}
        definition={figures.bounceRate.explanation}
        value="40%"
      />
      <button type="button">altceva</button>
    </>,
  );
const info = () => screen.getByRole('button', { name: 'Cum numărăm: Rată de respingere' });
const definition = () => screen.queryByText(figures.bounceRate.explanation);

describe('the info button of a card', () => {
  it('is closed at first: the card shows its figure, not its definition', () => {
    renderCard();
    expect(info().getAttribute('aria-expanded')).toBe('false');
    expect(definition()).toBeNull();
    expect(screen.getByTestId('card-bounce-rate').textContent).toContain('40%');
  });

  it('opens the definition from "How we count" under it, and a second press closes it', () => {
    renderCard();
    info().focus();
    fireEvent.click(info());
    expect(info().getAttribute('aria-expanded')).toBe('true');
    const text = definition();
    expect(text).not.toBeNull();
    expect(info().getAttribute('aria-controls')).toBe(text?.id);
    // Inside the window, whatever its width.
    expect(Number.parseFloat(text?.style.width ?? '')).toBeLessThanOrEqual(window.innerWidth - 32);
    fireEvent.click(info());
    expect(definition()).toBeNull();
    expect(info().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives the focus back to the button', () => {
    renderCard();
    fireEvent.click(info());
    screen.getByRole('button', { name: 'altceva' }).focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(definition()).toBeNull();
    expect(document.activeElement).toBe(info());
  });

  it('closes when the operator presses elsewhere, and stays open when they press inside it', () => {
    renderCard();
    fireEvent.click(info());
    fireEvent.pointerDown(definition()!);
    expect(definition()).not.toBeNull();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'altceva' }));
    expect(definition()).toBeNull();
  });
});
