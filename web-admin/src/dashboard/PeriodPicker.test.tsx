// @vitest-environment jsdom
// The period picker: the 7/30/90 buttons send days; the custom range takes its two dates as zz.ll.aaaa,
// checks them by the server's rules (both given, in order, at most 400 days), says what is wrong in Romanian
// beside the date, focuses it, and asks nothing until both pass; what it asks for is YYYY-MM-DD.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardTexts, periodFormMessages } from '../texts';
import type { Period } from './analytics-queries';
import { PeriodPicker } from './PeriodPicker';

afterEach(() => cleanup());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const apply = () => fireEvent.click(screen.getByRole('button', { name: dashboardTexts.applyRange }));
/** The message beside a date: the part of its description after the format hint. */
const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.length > 1 ? document.getElementById(ids[1]!)?.textContent : undefined;
};

function renderPicker(value: Period = { days: 30 }) {
  const onChange = vi.fn();
  render(<PeriodPicker value={value} onChange={onChange} />);
  return onChange;
}

describe('the period picker', () => {
  it('the buttons send days; the chosen one is pressed', () => {
    const onChange = renderPicker({ days: 30 });
    expect(screen.getByRole('button', { name: '30 de zile' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '7 zile' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '90 de zile' }));
    expect(onChange).toHaveBeenCalledWith({ days: 90 });
  });

  it('a custom range with no dates names both, focuses the first and sends nothing', () => {
    const onChange = renderPicker();
    apply();
    expect(errorOf(dashboardTexts.rangeFrom)).toBe(periodFormMessages.required);
    expect(errorOf(dashboardTexts.rangeTo)).toBe(periodFormMessages.required);
    expect(screen.getByLabelText(dashboardTexts.rangeFrom).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(dashboardTexts.rangeFrom));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reads the dates day first, whatever the browser language, and says the format', () => {
    const onChange = renderPicker();
    const from = screen.getByLabelText(dashboardTexts.rangeFrom) as HTMLInputElement;
    expect(from.type).toBe('text');
    expect(from.placeholder).toBe('zz.ll.aaaa');
    type(dashboardTexts.rangeFrom, '03.05.2026');
    type(dashboardTexts.rangeTo, '2026-05-03');
    apply();
    expect(onChange).toHaveBeenCalledWith({ from: '2026-05-03', to: '2026-05-03' });
    type(dashboardTexts.rangeTo, '05/32/2026');
    apply();
    expect(errorOf(dashboardTexts.rangeTo)).toBe(periodFormMessages.invalid);
  });

  it('refuses an end before the start, beside the end date', () => {
    const onChange = renderPicker();
    type(dashboardTexts.rangeFrom, '10.03.2026');
    type(dashboardTexts.rangeTo, '01.03.2026');
    apply();
    expect(errorOf(dashboardTexts.rangeFrom)).toBeUndefined();
    expect(errorOf(dashboardTexts.rangeTo)).toBe(periodFormMessages.order);
    expect(document.activeElement).toBe(screen.getByLabelText(dashboardTexts.rangeTo));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses 401 days and takes 400', () => {
    const onChange = renderPicker();
    type(dashboardTexts.rangeFrom, '04.02.2025');
    type(dashboardTexts.rangeTo, '11.03.2026');
    apply();
    expect(errorOf(dashboardTexts.rangeTo)).toBe('Intervalul poate avea cel mult 400 de zile');
    expect(onChange).not.toHaveBeenCalled();

    type(dashboardTexts.rangeFrom, '05.02.2025');
    apply();
    expect(errorOf(dashboardTexts.rangeTo)).toBeUndefined();
    expect(onChange).toHaveBeenCalledWith({ from: '2025-02-05', to: '2026-03-11' });
  });

  it('a valid range goes to onChange as from/to, and a chosen range shows in the dates, no button pressed', () => {
    const onChange = renderPicker();
    type(dashboardTexts.rangeFrom, '01.03.2026');
    type(dashboardTexts.rangeTo, '1.3.2026');
    apply();
    expect(onChange).toHaveBeenCalledWith({ from: '2026-03-01', to: '2026-03-01' });
    cleanup();

    renderPicker({ from: '2026-03-01', to: '2026-03-10' });
    expect((screen.getByLabelText(dashboardTexts.rangeFrom) as HTMLInputElement).value).toBe('01.03.2026');
    expect((screen.getByLabelText(dashboardTexts.rangeTo) as HTMLInputElement).value).toBe('10.03.2026');
    for (const name of ['7 zile', '30 de zile', '90 de zile']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    }
  });
});
