// @vitest-environment jsdom
// The offer form checks what the server's contract checks, in Romanian, beside each field, and sends nothing
// until every field passes: required texts, https-only links, a category and a goal from the vocabulary.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferFields } from '@bodymetrics/contracts';
import { offerFormMessages, offerTexts } from '../../texts';
import { OfferForm } from './OfferForm';

afterEach(() => cleanup());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

function renderForm(offer?: OfferFields) {
  const onSubmit = vi.fn();
  render(<OfferForm offer={offer} saving={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
}

/** An offer as stored, to edit. */
const storedOffer: OfferFields = {
  title: 'Scale',
  description: 'd',
  url: 'https://a.example.com/',
  imageUrl: null,
  bmiCategory: 'Normal',
  goal: 'weight_loss',
  ctaLabel: 'Explore',
  disclaimer: 'Sponsored.',
  evidenceBased: false,
  active: false,
  dailyClickCap: 25,
};

describe('the offer form', () => {
  it('names every missing field in Romanian, focuses the first and sends nothing', () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: offerTexts.save }));
    expect(onSubmit).not.toHaveBeenCalled();
    for (const label of [offerTexts.title, offerTexts.description, offerTexts.url, offerTexts.ctaLabel]) {
      expect(errorOf(label), label).toBe(offerFormMessages.required);
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(errorOf(offerTexts.bmiCategory)).toBe(offerFormMessages.choose);
    expect(errorOf(offerTexts.goal)).toBe(offerFormMessages.choose);
    // Optional: no message for an empty image or disclaimer.
    expect(errorOf(offerTexts.imageUrl)).toBeUndefined();
    expect(errorOf(offerTexts.disclaimer)).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText(offerTexts.title));
  });

  it.each(['http://shop.example.com/x', 'javascript:alert(1)', 'shop.example.com', '/relative'])(
    'refuses the link "%s": https only',
    (url) => {
      const onSubmit = renderForm();
      type(offerTexts.url, url);
      type(offerTexts.imageUrl, url);
      fireEvent.click(screen.getByRole('button', { name: offerTexts.save }));
      expect(errorOf(offerTexts.url)).toBe(offerFormMessages.https);
      expect(errorOf(offerTexts.imageUrl)).toBe(offerFormMessages.https);
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('refuses a button text over 60 characters', () => {
    renderForm();
    type(offerTexts.ctaLabel, 'x'.repeat(61));
    fireEvent.click(screen.getByRole('button', { name: offerTexts.save }));
    expect(errorOf(offerTexts.ctaLabel)).toBe(offerFormMessages.tooLong(60));
  });

  it('sends the trimmed fields once every check passes', () => {
    const onSubmit = renderForm();
    type(offerTexts.title, '  Smart Scale ');
    type(offerTexts.description, 'Weighs you.');
    type(offerTexts.url, 'https://shop.example.com/scale?ref=bodymetrics');
    fireEvent.change(screen.getByLabelText(offerTexts.bmiCategory), { target: { value: 'Obese' } });
    fireEvent.change(screen.getByLabelText(offerTexts.goal), { target: { value: 'wellness' } });
    type(offerTexts.ctaLabel, 'See Product Details');
    fireEvent.click(screen.getByLabelText(offerTexts.evidenceBased));
    fireEvent.click(screen.getByRole('button', { name: offerTexts.save }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Smart Scale',
      description: 'Weighs you.',
      url: 'https://shop.example.com/scale?ref=bodymetrics',
      imageUrl: null,
      bmiCategory: 'Obese',
      goal: 'wellness',
      ctaLabel: 'See Product Details',
      disclaimer: '',
      evidenceBased: true,
      active: true,
      // Left empty: no daily cap.
      dailyClickCap: null,
    });
  });

  it.each(['0', '2,5', '1.5', 'zece', '1000001'])(
    'refuses the daily cap "%s": a whole number or empty',
    (cap) => {
      const onSubmit = renderForm();
      type(offerTexts.dailyClickCap, cap);
      fireEvent.click(screen.getByRole('button', { name: offerTexts.save }));
      expect(errorOf(offerTexts.dailyClickCap)).toBe(offerFormMessages.dailyClickCap(1_000_000));
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('sends a daily cap as a number', () => {
    const onSubmit = renderForm({ ...storedOffer, dailyClickCap: null });
    type(offerTexts.dailyClickCap, ' 40 ');
    fireEvent.click(screen.getByRole('button', { name: offerTexts.save }));
    expect(onSubmit).toHaveBeenCalledWith({ ...storedOffer, dailyClickCap: 40 });
  });

  it('starts from the offer being edited', () => {
    const offer = storedOffer;
    const onSubmit = renderForm(offer);
    expect(screen.getByRole('heading', { name: offerTexts.editHeading('Scale') })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: offerTexts.save }));
    expect(onSubmit).toHaveBeenCalledWith(offer);
  });
});
