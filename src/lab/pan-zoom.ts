// Pan and zoom of the diagram's viewport: Ctrl (⌘) and the wheel, or a trackpad's pinch, zoom around
// the pointer (the wheel alone scrolls the page, which the diagram must not trap), a drag on the
// background pans, the buttons zoom around the centre and fit the whole chart, and a focused state
// is brought into view (the keyboard walks the states in order).
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export interface View {
  x: number;
  y: number;
  scale: number;
}

const MIN = 0.2;
const MAX = 2.5;
const clamp = (scale: number) => Math.min(MAX, Math.max(MIN, scale));

/** The view that shows a `width` × `height` chart whole in the viewport, never larger than 1:1. */
export function fitView(viewport: { width: number; height: number }, width: number, height: number): View {
  const scale = clamp(Math.min(1, (viewport.width - 16) / width, (viewport.height - 16) / height));
  return { scale, x: (viewport.width - width * scale) / 2, y: Math.max(8, (viewport.height - height * scale) / 2) };
}

export function usePanZoom(viewport: RefObject<HTMLDivElement | null>, content: { width: number; height: number } | null) {
  const [view, setView] = useState<View>({ x: 0, y: 0, scale: 1 });
  const drag = useRef<{ x: number; y: number; from: View } | null>(null);

  const fit = useCallback(() => {
    const element = viewport.current;
    if (element && content) setView(fitView(element.getBoundingClientRect(), content.width, content.height));
  }, [viewport, content]);

  useEffect(fit, [fit]);

  const zoomAt = useCallback((factor: number, at?: { x: number; y: number }) => {
    setView((current) => {
      const rect = viewport.current?.getBoundingClientRect();
      const point = at ?? { x: (rect?.width ?? 0) / 2, y: (rect?.height ?? 0) / 2 };
      const scale = clamp(current.scale * factor);
      const ratio = scale / current.scale;
      return { scale, x: point.x - (point.x - current.x) * ratio, y: point.y - (point.y - current.y) * ratio };
    });
  }, [viewport]);

  // A wheel listener that may prevent the page's scroll (React's onWheel is passive).
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      zoomAt(event.deltaY < 0 ? 1.15 : 1 / 1.15, { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [viewport, zoomAt]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    // Only the background pans: a state or a button keeps its own click.
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY, from: view };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) setView({ ...start.from, x: start.from.x + event.clientX - start.x, y: start.from.y + event.clientY - start.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  /** Pans the least needed for a box of the chart (in chart coordinates) to be in view. */
  const reveal = useCallback(
    (box: { x: number; y: number; width: number; height: number }) => {
      const rect = viewport.current?.getBoundingClientRect();
      if (!rect) return;
      setView((current) => {
        const left = current.x + box.x * current.scale;
        const top = current.y + box.y * current.scale;
        const right = left + box.width * current.scale;
        const bottom = top + box.height * current.scale;
        let { x, y } = current;
        if (left < 8) x += 8 - left;
        else if (right > rect.width - 8) x -= Math.min(right - rect.width + 8, left - 8);
        if (top < 8) y += 8 - top;
        else if (bottom > rect.height - 8) y -= Math.min(bottom - rect.height + 8, top - 8);
        return x === current.x && y === current.y ? current : { ...current, x, y };
      });
    },
    [viewport],
  );

  return {
    view,
    fit,
    zoomIn: () => zoomAt(1.25),
    zoomOut: () => zoomAt(1 / 1.25),
    reveal,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
