import { type RefObject, useEffect, useState } from 'react';

/** The smallest zoom the canvas is drawn at; below it the workspace scrolls instead. */
export const minimumZoom = 0.5;
/** Room kept beside the canvas for the blocks' drag handles. */
const handleRoom = 24;

/** The zoom that fits a canvas `width` px wide into `available` px: at most 1, in whole percents. */
export function fitZoom(available: number, width: number): number {
  if (available <= 0 || width <= available) return 1;
  return Math.max(minimumZoom, Math.floor((available / width) * 100) / 100);
}

let standardZoom: boolean | undefined;

/**
 * Whether this browser's CSS zoom is the standard one (Chromium 128+, Firefox 126+): zoomed
 * boxes report zoomed sizes, so drag and drop and the text caret still meet the pointer.
 */
function zoomIsStandard(): boolean {
  if (standardZoom === undefined) {
    const outer = document.createElement('div');
    outer.style.cssText = 'zoom: 2; position: absolute; visibility: hidden';
    const inner = document.createElement('div');
    inner.style.width = '10px';
    outer.append(inner);
    document.body.append(outer);
    standardZoom = Math.round(inner.getBoundingClientRect().width) === 20;
    outer.remove();
  }
  return standardZoom;
}

/**
 * The zoom that shows the whole canvas width in the workspace (a 600px email beside the palette,
 * the settings and the console's menu on a laptop), following the workspace's size.
 */
export function useFitZoom(workspace: RefObject<HTMLElement | null>, width: number): number {
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const node = workspace.current;
    if (!node || typeof ResizeObserver !== 'function' || !zoomIsStandard()) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width - handleRoom);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [workspace]);
  return fitZoom(available, width);
}
