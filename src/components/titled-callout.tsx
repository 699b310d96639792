// Blueprint's Callout writes its title as an h5 wherever it stands; a page's headings may not skip a
// level (axe heading-order), so a titled callout here says its level: 2 under the page's h1, 3
// inside a tab (whose title is an h2). It looks as Blueprint's does.
import { Callout, Classes, type CalloutProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function TitledCallout({ title, level, children, ...props }: Omit<CalloutProps, 'title'> & { title: ReactNode; level: 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return (
    <Callout {...props}>
      <Heading className={`${Classes.HEADING} callout-title`}>{title}</Heading>
      {children}
    </Callout>
  );
}
