import { describe, expect, it } from 'vitest';
import { navigationFor } from '../../src/layout/navigation-rules';
import type { ClientLinks } from '../../forms/contracts/client-config';

const links = { clientList: '/list', clientHistory: '/historial/{uuid}' } as ClientLinks;

describe('top navigation', () => {
  it('is hidden on the public index page and on the error and code pages', () => {
    expect(navigationFor({ pathname: '/', isStaff: false, parentUuid: null, links }).visible).toBe(false);
    for (const pathname of ['/error', '/incorrectCode', '/expiredCode']) {
      expect(navigationFor({ pathname, isStaff: false, parentUuid: null, links }).visible).toBe(false);
    }
  });

  it("offers applicants 'Regresar al menú' outside the index", () => {
    expect(navigationFor({ pathname: '/pf', isStaff: false, parentUuid: null, links })).toEqual({
      visible: true,
      backToPm: undefined,
      backToMenu: true,
      clientList: undefined,
      clientHistory: undefined,
    });
  });

  it("offers 'Regresar a PM' to the parent on every guarantor route", () => {
    for (const pathname of ['/avalpf/1', '/avalpfae', '/avalpm/2', '/aval/pf', '/aval/pfae/3', '/aval/pm']) {
      expect(navigationFor({ pathname, isStaff: false, parentUuid: 'p-1', links }).backToPm).toBe('/pm/p-1');
    }
    expect(navigationFor({ pathname: '/pfae', isStaff: false, parentUuid: 'p-1', links }).backToPm).toBeUndefined();
  });

  it('gives staff the client list everywhere and the change history of the record they are on', () => {
    expect(navigationFor({ pathname: '/', isStaff: true, parentUuid: null, links })).toMatchObject({
      visible: true,
      backToMenu: false,
      clientList: '/list',
      clientHistory: undefined,
    });
    expect(navigationFor({ pathname: '/pm/a b', isStaff: true, uuid: 'a b', parentUuid: null, links }).clientHistory).toBe('/historial/a%20b');
  });

  it('gives no link to the page shown: the list on the list, a history on that history', () => {
    expect(navigationFor({ pathname: '/list', isStaff: true, parentUuid: null, links })).toMatchObject({ clientList: undefined });
    const history = navigationFor({ pathname: '/historial/u-1', isStaff: true, uuid: 'u-1', parentUuid: null, links });
    expect(history).toMatchObject({ visible: true, clientList: '/list', clientHistory: undefined });
  });
});
