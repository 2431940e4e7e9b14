import { describe, expect, it } from 'vitest';
import { genderLabel, sexGroup } from './enums';
import { formatNumber1 } from './numbers';

describe('gender label: title-cased, first underscore replaced by a space', () => {
  it.each([
    { gender: 'male', label: 'Male' },
    { gender: 'female', label: 'Female' },
    { gender: 'non_binary', label: 'Non binary' },
    { gender: 'prefer_not_to_say', label: 'Prefer not_to_say' },
    { gender: 'other', label: 'Other' },
  ])('$gender → "$label"', ({ gender, label }) => {
    expect(genderLabel(gender)).toBe(label);
  });
});

describe('formula groups', () => {
  it.each([
    { gender: 'male', group: 'male' },
    { gender: 'female', group: 'female' },
    { gender: 'non_binary', group: 'other' },
    { gender: 'prefer_not_to_say', group: 'other' },
    { gender: 'other', group: 'other' },
  ])('$gender is calculated as $group', ({ gender, group }) => {
    expect(sexGroup(gender)).toBe(group);
  });
});

describe('one-decimal display', () => {
  it.each([
    { value: 25, text: '25.0' },
    { value: 24.96, text: '25.0' },
    { value: 24.94, text: '24.9' },
    { value: 0.05, text: '0.1' },
    { value: 1234.56, text: '1234.6' },
    { value: 0, text: '0.0' },
  ])('$value → "$text"', ({ value, text }) => {
    expect(formatNumber1(value)).toBe(text);
  });
});
