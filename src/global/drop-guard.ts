// Files dropped anywhere but an upload area are refused with a notification instead of
// letting the browser open them. Upload areas mark themselves with data-upload-zone.
import { notify } from './notifications';

export const UPLOAD_ZONE_SELECTOR = '[data-upload-zone]';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
const insideUploadZone = (event: DragEvent) => event.target instanceof Element && event.target.closest(UPLOAD_ZONE_SELECTOR) !== null;

export function installDropGuard(target: Window) {
  const onDragOver = (event: DragEvent) => {
    if (carriesFiles(event) && !insideUploadZone(event)) {
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    }
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event) || insideUploadZone(event)) return;
    event.preventDefault();
    void notify({ title: 'Error', message: 'No se pueden subir archivos en esta zona', intent: 'danger' });
  };
  target.addEventListener('dragover', onDragOver);
  target.addEventListener('drop', onDrop);
  return () => {
    target.removeEventListener('dragover', onDragOver);
    target.removeEventListener('drop', onDrop);
  };
}
