// Which top-navigation entries a page shows; a pure function so it is tested without a browser.
import type { ClientLinks } from '../../forms/contracts/client-config';

const MESSAGE_PAGES = ['/error', '/incorrectCode', '/expiredCode'];
const GUARANTOR_ROUTE = /^\/(avalpf|avalpfae|avalpm|aval\/(pf|pfae|pm))(\/|$)/;

export interface NavigationInput {
  pathname: string;
  isStaff: boolean;
  uuid?: string;
  parentUuid: string | null;
  links: ClientLinks;
}

export interface Navigation {
  visible: boolean;
  backToPm?: string;
  backToMenu: boolean;
  clientList?: string;
  clientHistory?: string;
}

export function navigationFor({ pathname, isStaff, uuid, parentUuid, links }: NavigationInput): Navigation {
  const isIndex = pathname === '/';
  if ((isIndex && !isStaff) || MESSAGE_PAGES.includes(pathname)) return { visible: false, backToMenu: false };
  // No link to the page shown (the list on the list, a record's history on that history).
  const elsewhere = (href: string | undefined) => (href === pathname ? undefined : href);
  return {
    visible: true,
    backToPm: GUARANTOR_ROUTE.test(pathname) ? (parentUuid ? `/pm/${encodeURIComponent(parentUuid)}` : '/pm') : undefined,
    backToMenu: !isStaff && !isIndex,
    clientList: elsewhere(isStaff ? links.clientList : undefined),
    clientHistory: elsewhere(isStaff && uuid ? links.clientHistory.replace('{uuid}', encodeURIComponent(uuid)) : undefined),
  };
}
