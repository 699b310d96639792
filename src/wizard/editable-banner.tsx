import { Callout } from '@blueprintjs/core';
import { EDITABLE_BANNERS, type EditableLevel } from '../../forms/locking';

/** What the editable level means for the person, when it restricts anything. */
export function EditableBanner({ level }: { level: EditableLevel }) {
  const text = EDITABLE_BANNERS[level];
  return text ? (
    <Callout intent={level === 'none' ? 'warning' : 'primary'} className="editable-banner">
      {text}
    </Callout>
  ) : null;
}
