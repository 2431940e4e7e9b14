// The name rule shared by the report form, the contact form and the reports service.
import { describe, expect, it } from 'vitest';
import { contactBodySchema } from './contact';
import { reportNameSchema } from './reports';

const messageFor = (name: string) => reportNameSchema.safeParse(name).error?.issues.map((i) => i.message);

describe('person names', () => {
  it.each([
    'Ana Pop',
    'J.R.R. Tolkien',
    'Ana M. Pop',
    'Dr. Ion Pop',
    'Ana-Maria O’Neil',
    'Zoë Ștefănescu',
    'محمد علي',
    'שרה כהן',
    '李小龍',
    'Jean-Luc Picard Jr.',
  ])('accepts %s', (name) => {
    expect(reportNameSchema.parse(name)).toBe(name);
  });

  it.each([
    'http://evil.example',
    'Ana hxxps://evil.example',
    'evil.example',
    'Win at evil.example/x',
    'ana@evil.example',
    'EVIL.COM',
    'www.evil',
    'evil。example', // ideographic full stop: browsers read it as a dot
    'javascript://x',
  ])('refuses the URL-like %s', (name) => {
    expect(messageFor(name)).toEqual(['Name must not contain a link or web address']);
  });

  it.each([
    ['U+202E right-to-left override', 'Ana \u202Eop'],
    ['U+202A left-to-right embedding', 'Ana \u202Aop'],
    ['U+2067 right-to-left isolate', 'Ana \u2067Pop'],
    ['U+200F right-to-left mark', 'Ana\u200FPop'],
    ['U+061C Arabic letter mark', 'Ana\u061CPop'],
    ['a line feed', 'Ana\nPop'],
    ['a carriage return', 'Ana\rPop'],
    ['a NUL', 'Ana\u0000Pop'],
    ['a C1 control', 'Ana\u0085Pop'],
  ])('refuses %s', (_label, name) => {
    expect(messageFor(name)).toEqual(['Name must not contain control or text-direction characters']);
  });

  it('the contact form uses the same rule under fullName', () => {
    const result = contactBodySchema.safeParse({
      fullName: 'Visit evil.example/x',
      email: 'a@example.com',
      reason: 'Legal',
      message: 'Long enough message.',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fullName', 'Full name must not contain a link or web address'],
    ]);
  });
});
