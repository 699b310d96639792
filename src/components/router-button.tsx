// A Blueprint AnchorButton that navigates inside the app (a real link: middle-click and
// keyboard work, and screen readers announce it as a link).
import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import type React from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export interface RouterButtonProps extends Omit<AnchorButtonProps, 'href' | 'onClick'> {
  to: string;
  /** Replace the current history entry instead of pushing one. Default false. */
  replace?: boolean;
  /** The history state the target route reads (a PM opened at its Avales tab). */
  state?: unknown;
  /** Called first on a click or Enter, as react-router's Link does: `event.preventDefault()` there stops the move. */
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}

export function RouterButton({ to, replace = false, state, onClick, ...props }: RouterButtonProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state });
  return (
    <AnchorButton
      role="link"
      {...props}
      href={href}
      onClick={(event) => {
        const click = event as React.MouseEvent<HTMLAnchorElement>;
        onClick?.(click);
        if (!click.defaultPrevented) follow(click);
      }}
    />
  );
}
