// Blueprint's Callout writes its title as an h5 wherever it stands; a page's headings may not skip a
// level (axe heading-order), so a titled callout here says its level: 2 under the page's h1, 3
// inside a tab (whose title is an h2). It looks as Blueprint's does.
import { Callout, Classes, type CalloutProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface TitledCalloutProps extends Omit<CalloutProps, 'title'> {
  title: ReactNode;
  level: 2 | 3 | 4;
  /** The heading's id, for a callout named by its title (aria-labelledby). */
  titleId?: string;
}

export function TitledCallout({ title, level, titleId, children, ...props }: TitledCalloutProps) {
  const Heading = `h${level}` as const;
  return (
    <Callout {...props}>
      <Heading id={titleId} className={`${Classes.HEADING} callout-title`}>{title}</Heading>
      {children}
    </Callout>
  );
}
