// Whether the window is a phone's (the stylesheet's 640 px breakpoint): the charts, drawn in SVG, size
// themselves from it where CSS cannot reach.
import { useEffect, useState } from 'react';

const narrowQuery = '(max-width: 640px)';

export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(narrowQuery).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(narrowQuery);
    if (!media) return;
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}
