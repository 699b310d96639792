// What the 'Alertas PLD' page says (forms/pld-alert-texts.ts), and the tab an alert's link opens
// (src/wizard/open-at.ts).
import { describe, expect, it } from 'vitest';
import { PLD_GROUPS } from '../../../forms/contracts/pld';
import { alertCountText, alertGroupLabel, closedAnnouncement, closedByText, readAlertFilter, similarityText } from '../../../forms/pld-alert-texts';
import { AT_PLD_REVIEW, AT_PM_AVALES, openAtOf } from '../../../src/wizard/open-at';

describe('PLD alert texts', () => {
  it("names every group of the review as one person, and an unknown one as the server does", () => {
    expect(PLD_GROUPS.map(alertGroupLabel)).toEqual(['Solicitante', 'Solicitante', 'Representante legal', 'Accionista', 'Aval', 'Representante del aval', 'Vínculo patrimonial']);
    expect(alertGroupLabel('otro')).toBe('otro');
  });

  it('reads the filter of the URL, the open alerts by default', () => {
    expect(readAlertFilter(new URLSearchParams('estado=cerradas'))).toBe('cerradas');
    expect(readAlertFilter(new URLSearchParams('estado=todas'))).toBe('todas');
    expect(readAlertFilter(new URLSearchParams('estado=otra'))).toBe('abiertas');
    expect(readAlertFilter(new URLSearchParams(''))).toBe('abiertas');
  });

  it('counts in the singular and plural', () => {
    expect(alertCountText('abiertas', 1)).toBe('1 alerta abierta');
    expect(alertCountText('abiertas', 0)).toBe('0 alertas abiertas');
    expect(alertCountText('cerradas', 3)).toBe('3 alertas cerradas');
    expect(alertCountText('todas', 1)).toBe('1 alerta');
  });

  it('writes the similarity as a percentage', () => {
    expect(similarityText(0.95)).toBe('95 %');
    expect(similarityText(1)).toBe('100 %');
  });

  it('says how an alert was closed', () => {
    expect(closedByText({ estado: 'abierta', cerrada_por: null, cerrada_el: null })).toBeNull();
    expect(closedByText({ estado: 'homonimo', cerrada_por: 'Luis Pérez', cerrada_el: '2026-11-26T12:00:00.000Z' })).toMatch(/^Cerrada por Luis Pérez el 26 de noviembre de 2026, \d{2}:\d{2}\.$/);
    expect(closedByText({ estado: 'confirmada', cerrada_por: null, cerrada_el: null })).toBe('Cerrada.');
    expect(closedAnnouncement('ANA', 'confirmada')).toBe('Alerta de ANA cerrada como coincidencia confirmada.');
  });

  it("opens an application at the tab after the wizard's own ('Validaciones PLD' for staff)", () => {
    const tabs = [{ key: 'pmdatosgenerales' }, { key: 'pmavales' }];
    expect(openAtOf(tabs, AT_PLD_REVIEW)).toBe(2);
    expect(openAtOf(tabs, AT_PM_AVALES)).toBe(1);
    expect(openAtOf(tabs, null)).toBeNull();
  });
});
