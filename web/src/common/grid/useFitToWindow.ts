import { type RefObject, useLayoutEffect } from 'react';

/** Room below the grid for the page's footer. */
const BELOW_GRID = 88;

/** The scroll box as high as the window leaves below its top (at least 360 px). */
export function useFitToWindow(ref: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const fitHeight = () => {
      const top = box.getBoundingClientRect().top + window.scrollY;
      const height = `${Math.max(360, Math.floor(window.innerHeight - top - BELOW_GRID))}px`;
      if (box.style.height !== height) box.style.height = height;
    };
    fitHeight();
    const observer = new ResizeObserver(fitHeight);
    observer.observe(document.body);
    window.addEventListener('resize', fitHeight);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fitHeight);
    };
  }, [ref]);
}
