// The outbox's settings (README, "E-mail outbox"): the default sender names the company quoted, so a
// comma in its name is not a second address; sending through SMTP without PUBLIC_BASE_URL is warned
// of, as the links would point to localhost.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('the e-mail settings', () => {
  it('sends from the company, its name quoted', () => {
    expect(loadConfig({ COMPANY_NAME: 'Arrendadora, "Occidente"' }).mail.from).toBe('"Arrendadora, Occidente" <solicitudes@localhost>');
    expect(loadConfig({ MAIL_FROM: 'Solicitudes <solicitudes@empresa.example>' }).mail.from).toBe('Solicitudes <solicitudes@empresa.example>');
  });

  it('warns when it sends through SMTP with links to localhost', () => {
    const warning = 'PUBLIC_BASE_URL is not set: the links of the e-mails sent point to localhost.';
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).warnings).toContain(warning);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587', PUBLIC_BASE_URL: 'https://solicitudes.example' }).warnings).toEqual([]);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587', MAIL_OUTBOX: 'off' }).warnings).toEqual([]);
    expect(loadConfig({}).warnings).toEqual([]);
  });
});
