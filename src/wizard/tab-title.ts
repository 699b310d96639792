// The current tab's title, an h2 that takes the focus (wizard-form.tsx): where the focus goes on a
// new tab, and when what had it goes away with a notice.
export const TAB_TITLE_ID = 'tab-title';

/** The current tab's title element, if a tab is shown. */
export const tabTitle = () => document.getElementById(TAB_TITLE_ID);
