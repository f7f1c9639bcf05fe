import { describe, expect, it } from 'vitest';
import { authMessages, signInRequestSchema, signUpRequestSchema, verifyEmailRequestSchema } from './auth.js';
import { fieldErrors } from './validation.js';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'Sunflower42' };

function errorsOf(schema: typeof signUpRequestSchema | typeof signInRequestSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('sign-up form rules (spec §5)', () => {
  it('accepts a valid sign-up and normalises the e-mail', () => {
    expect(signUpRequestSchema.parse({ ...valid, email: '  Ada@Example.COM ' }).email).toBe(
      'ada@example.com',
    );
  });

  it.each([
    ['', authMessages.nameRequired],
    ['   ', authMessages.nameRequired],
    ['A', authMessages.nameTooShort],
    ['Ada 2nd', authMessages.nameInvalid],
    ['Ada_Lovelace', authMessages.nameInvalid],
    ['x'.repeat(51), authMessages.nameInvalid],
  ])('name %j → %s', (name, message) => {
    expect(errorsOf(signUpRequestSchema, { ...valid, name }).name).toBe(message);
  });

  it.each(["Zoë O'Brien-Ørsted", 'José Müller', 'Ελένη Παπαδοπούλου', 'Ив'])(
    'accepts the name %s',
    (name) => {
      expect(errorsOf(signUpRequestSchema, { ...valid, name }).name).toBeUndefined();
    },
  );

  it.each([
    ['', authMessages.emailRequired],
    ['ada', authMessages.emailInvalid],
    ['ada@example', authMessages.emailInvalid],
    ['ada @example.com', authMessages.emailInvalid],
  ])('email %j → %s', (email, message) => {
    expect(errorsOf(signUpRequestSchema, { ...valid, email }).email).toBe(message);
  });

  it.each([
    ['', authMessages.passwordRequired],
    ['Abc1', authMessages.passwordTooShortSignUp],
    ['SUNFLOWER42', authMessages.passwordNeedsLowercase],
    ['sunflower42', authMessages.passwordNeedsUppercase],
    ['Sunflowers', authMessages.passwordNeedsNumber],
    [`Aa1${'x'.repeat(126)}`, authMessages.passwordTooLong],
  ])('password %j → %s', (password, message) => {
    expect(errorsOf(signUpRequestSchema, { ...valid, password }).password).toBe(message);
  });

  it('names every missing field with its required message', () => {
    expect(errorsOf(signUpRequestSchema, {})).toEqual({
      name: authMessages.nameRequired,
      email: authMessages.emailRequired,
      password: authMessages.passwordRequired,
    });
  });
});

describe('sign-in form rules (spec §5)', () => {
  it('needs a password of at least 6 characters, and no more rules', () => {
    expect(errorsOf(signInRequestSchema, { email: 'ada@example.com', password: '' }).password).toBe(
      authMessages.passwordRequired,
    );
    expect(errorsOf(signInRequestSchema, { email: 'ada@example.com', password: 'abcde' }).password).toBe(
      authMessages.passwordTooShortSignIn,
    );
    expect(errorsOf(signInRequestSchema, { email: 'ada@example.com', password: 'abcdef' })).toEqual({});
  });

  it('checks the e-mail as sign-up does', () => {
    expect(errorsOf(signInRequestSchema, { email: '', password: 'abcdef' }).email).toBe(
      authMessages.emailRequired,
    );
    expect(errorsOf(signInRequestSchema, { email: 'nope', password: 'abcdef' }).email).toBe(
      authMessages.emailInvalid,
    );
  });
});

describe('verification request', () => {
  it('needs the token', () => {
    const result = verifyEmailRequestSchema.safeParse({ email: 'ada@example.com', token: '' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ token: authMessages.tokenRequired });
  });
});
