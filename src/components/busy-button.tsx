// A button that can be busy, as Blueprint's `loading` shows it (a spinner in place of its text, no
// longer pressable), but still named by its own Spanish text: Blueprint's spinner names itself
// 'loading', and the text it hides names nothing, so a loading Blueprint button is announced in English.
import { Button, Classes, Spinner, SpinnerSize, type ButtonProps } from '@blueprintjs/core';
import type { Ref } from 'react';

export interface BusyButtonProps extends Omit<ButtonProps, 'loading'> {
  busy: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function BusyButton({ busy, icon, className, disabled, text, ...props }: BusyButtonProps) {
  if (!busy) return <Button {...props} icon={icon} className={className} disabled={disabled} text={text} />;
  return (
    <Button
      {...props}
      text={text}
      // Blueprint's own loading look: the spinner shown over the button, its icon and text hidden in place (the width stays).
      icon={
        <>
          <Spinner className={Classes.BUTTON_SPINNER} size={SpinnerSize.SMALL} aria-hidden="true" aria-label={undefined} />
          {icon}
        </>
      }
      className={[className, Classes.LOADING, Classes.DISABLED].filter(Boolean).join(' ')}
      // Not pressable, yet kept in the focus order and focused: a disabled button would drop the focus
      // to the page's body, and a dialog the work then opens (a save refused) would have nothing to
      // give it back to. Not a submit button while busy, so Enter and a click send nothing.
      type="button"
      onClick={undefined}
      aria-disabled
      aria-busy
      aria-label={props['aria-label'] ?? (typeof text === 'string' ? text : undefined)}
    />
  );
}
