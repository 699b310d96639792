// SAT_CA_DIR (README, "e.firma"): unset, signatures are kept without checking their chain; a
// production server says so at start, a development or test one does not.
import { describe, expect, it } from 'vitest';
import { loadConfig, SAT_CA_DIR_WARNING } from '../../../server/config';

describe('the SAT certificates setting', () => {
  it('warns in production when no SAT certificates are configured', () => {
    expect(SAT_CA_DIR_WARNING).toBe(
      "SAT_CA_DIR is not set: e.firma signatures are kept without checking that their certificates chain up to the SAT's (each one's cadena_verificada is false).",
    );
    expect(loadConfig({ NODE_ENV: 'production' }).warnings).toEqual([SAT_CA_DIR_WARNING]);
    expect(loadConfig({ NODE_ENV: 'production', SAT_CA_DIR: '' }).warnings).toEqual([SAT_CA_DIR_WARNING]);
  });

  it('is quiet with the certificates configured, or outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production', SAT_CA_DIR: '/etc/sat-ca' }).warnings).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', SAT_CA_DIR: '/etc/sat-ca' }).satCaDir).toBe('/etc/sat-ca');
    expect(loadConfig({}).warnings).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'development' }).warnings).toEqual([]);
  });
});
