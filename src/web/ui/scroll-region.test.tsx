// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hiddenSides, ScrollRegion } from './scroll-region';

const HINT = 'Scroll sideways to see the whole table.';

/** jsdom lays nothing out: the box's measures are given, as a browser would report them. */
function measure(box: HTMLElement, widths: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: widths.scrollWidth });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: widths.clientWidth });
}

function renderWide() {
  render(
    <>
      <h3 id="table-title">Your results over time</h3>
      <ScrollRegion labelledBy="table-title">
        <table>
          <tbody>
            <tr>
              <td>wide</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
    </>,
  );
  return screen.getByRole('region', { name: 'Your results over time' });
}

describe('hiddenSides', () => {
  it('names the sides with more beyond them, a pixel of rounding aside', () => {
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 640, clientWidth: 320 })).toEqual({
      start: false,
      end: true,
    });
    expect(hiddenSides({ scrollLeft: 100, scrollWidth: 640, clientWidth: 320 })).toEqual({
      start: true,
      end: true,
    });
    expect(hiddenSides({ scrollLeft: 320, scrollWidth: 640, clientWidth: 320 })).toEqual({
      start: true,
      end: false,
    });
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 321, clientWidth: 320 })).toEqual({
      start: false,
      end: false,
    });
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 320, clientWidth: 320 })).toEqual({
      start: false,
      end: false,
    });
  });
});

describe('ScrollRegion', () => {
  afterEach(cleanup);

  it('is a named region in the tab order, with no cue while everything fits', () => {
    const region = renderWide();
    expect(region.tabIndex).toBe(0);
    expect(screen.queryByText(HINT)).toBeNull();
    expect(region.hasAttribute('aria-describedby')).toBe(false);
  });

  it('says it scrolls and shades the side with more, following the scroll', () => {
    const region = renderWide();
    measure(region, { scrollWidth: 640, clientWidth: 320 });
    act(() => {
      fireEvent.scroll(region);
    });
    const hint = screen.getByText(HINT);
    expect(region.getAttribute('aria-describedby')).toBe(hint.id);
    const wrapper = region.closest('.scroll-region')!;
    expect(wrapper.hasAttribute('data-hidden-start')).toBe(false);
    expect(wrapper.hasAttribute('data-hidden-end')).toBe(true);

    region.scrollLeft = 320;
    act(() => {
      fireEvent.scroll(region);
    });
    expect(wrapper.hasAttribute('data-hidden-start')).toBe(true);
    expect(wrapper.hasAttribute('data-hidden-end')).toBe(false);
    expect(screen.getByText(HINT)).toBeTruthy();
  });
});
