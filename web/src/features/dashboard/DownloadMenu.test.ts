import { describe, expect, it } from 'vitest';
import { placeMenu } from './DownloadMenu';

const button = (top: number, right = 1200, height = 40) => new DOMRect(right - 120, top, 120, height);

// Issue 34 item 16: at 1280×900 the preview footer's 'Formats' button sits near the bottom; its menu (two
// 44 px items, about 106 px) opened below it at y 861–950, off-screen.
describe('placeMenu', () => {
  it('opens below the button when there is room', () => {
    expect(placeMenu(button(100), 106, { width: 1280, height: 900 })).toEqual({ top: 144, right: 80 });
  });

  it('opens above the button when the viewport has no room below, at 1280×900 and 1280×720', () => {
    for (const height of [900, 720]) {
      const toggle = button(height - 70);
      const place = placeMenu(toggle, 106, { width: 1280, height });
      expect(place.top + 106).toBeLessThanOrEqual(toggle.top);
      expect(place.top).toBeGreaterThanOrEqual(8);
    }
  });

  it('stays inside the viewport when neither side has room', () => {
    expect(placeMenu(button(30), 400, { width: 1280, height: 300 }).top).toBe(8);
  });
});
