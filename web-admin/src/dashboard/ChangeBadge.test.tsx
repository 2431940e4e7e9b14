// @vitest-environment jsdom
// The card's badge: an arrow and the size of the change for the eye, coloured by whether the figure went the
// good way, and for a screen reader the whole sentence in Romanian with both figures.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeBadge } from './ChangeBadge';

afterEach(() => cleanup());

const badge = () => screen.getByTitle(/perioada anterioară/);
const shown = () => badge().querySelector('[aria-hidden="true"]')?.textContent;
const heard = () => badge().querySelector('.visually-hidden')?.textContent;

describe('the change badge', () => {
  it('shows a rise as ▲ and its size, green when up is good, and says it in a sentence', () => {
    render(<ChangeBadge change={12} better="up" current="150" previous="134" />);
    expect(shown()).toBe('▲ 12%');
    expect(badge().dataset.tone).toBe('good');
    expect(heard()).toBe('În creștere cu 12% față de perioada anterioară (150, înainte 134)');
  });

  it('shows a fall as ▼ without the minus sign, red when down is bad', () => {
    render(<ChangeBadge change={-5} better="up" current="95" previous="100" />);
    expect(shown()).toBe('▼ 5%');
    expect(badge().dataset.tone).toBe('bad');
    expect(heard()).toBe('În scădere cu 5% față de perioada anterioară (95, înainte 100)');
  });

  it('of a rate, in percentage points; a falling bounce rate is good news', () => {
    render(<ChangeBadge change={-3} unit="p.p." better="down" current="40%" previous="43%" />);
    expect(shown()).toBe('▼ 3 p.p.');
    expect(badge().dataset.tone).toBe('good');
    expect(heard()).toContain('În scădere cu 3 p.p.');
  });

  it('is neutral when neither way is better, or when nothing changed', () => {
    render(<ChangeBadge change={8} unit="p.p." better="neither" current="38%" previous="30%" />);
    expect(badge().dataset.tone).toBe('neutral');
    cleanup();
    render(<ChangeBadge change={0} better="up" current="7" previous="7" />);
    expect(shown()).toBe('→ 0%');
    expect(badge().dataset.tone).toBe('neutral');
    expect(heard()).toBe('Neschimbat față de perioada anterioară (7)');
  });

  it('says there is nothing to compare with when the previous period had 0', () => {
    render(<ChangeBadge change={null} better="up" current="4" previous="0" />);
    expect(shown()).toBe('—');
    expect(heard()).toBe('Fără comparație: perioada anterioară are 0 (acum 4)');
  });
});
