import { Callout } from '@blueprintjs/core';
import { EDITABLE_BANNERS, type EditableLevel } from '../../forms/locking';
import { NOTICES } from '../../forms/messages';

/** What the editable level means for the person, when it restricts anything; a record staff created says so instead. */
export function EditableBanner({ level, staffCreated = false }: { level: EditableLevel; staffCreated?: boolean }) {
  const text = staffCreated ? NOTICES.staffCreated : EDITABLE_BANNERS[level];
  return text ? (
    <Callout intent={level === 'none' ? 'warning' : 'primary'} className="editable-banner">
      {text}
    </Callout>
  ) : null;
}
