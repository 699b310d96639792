// Blueprint's HTMLSelect names its arrow icon 'Open dropdown' (an English title a person sees on
// hover and a screen reader may read): every select of the product is this one, whose arrow has no name.
import { HTMLSelect as BlueprintHTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';

export function HTMLSelect({ iconProps, ...props }: HTMLSelectProps) {
  return <BlueprintHTMLSelect {...props} iconProps={{ ...iconProps, title: false }} />;
}
