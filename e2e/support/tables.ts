import type { Locator, Page } from 'playwright-core';

/**
 * What a person cannot read whole in the tables of the page as drawn now
 * (docs/screens-and-routes.md#patients-list: no text in a table is cut):
 * - a box that hides part of its text (overflow hidden or clipped, text
 *   that does not fit: an ellipsis, or a date cut mid-year);
 * - a row whose content spills out of its own box (into the next row of a
 *   virtualised table, whose rows are placed one under the other).
 * Visually hidden texts (for screen readers, 1 × 1 px) are not looked at.
 * One readable line per problem; none is the rule.
 */
export function cutTextIn(
  page: Page,
  tables = 'main table, main [role="table"]',
): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const classes = String(element.getAttribute('class') ?? '').slice(0, 40);
      return `<${element.tagName.toLowerCase()} class="${classes}"> «${text}»`;
    };
    const hiddenForScreenReaders = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width <= 1 && box.height <= 1;
    };
    for (const table of document.querySelectorAll(selector)) {
      for (const element of table.querySelectorAll('*')) {
        if (!(element instanceof HTMLElement) || hiddenForScreenReaders(element)) continue;
        if (!(element.textContent ?? '').trim()) continue;
        const style = getComputedStyle(element);
        const hides = (value: string) => value === 'hidden' || value === 'clip';
        const wider = element.scrollWidth > element.clientWidth + 1;
        const taller = element.scrollHeight > element.clientHeight + 1;
        if ((hides(style.overflowX) && wider) || (hides(style.overflowY) && taller)) {
          problems.push(`cut: ${describe(element)}`);
        }
      }
      for (const row of table.querySelectorAll('tr, [role="row"]')) {
        const box = row.getBoundingClientRect();
        if (box.height === 0) continue;
        for (const element of row.querySelectorAll('*')) {
          if (hiddenForScreenReaders(element)) continue;
          const inner = element.getBoundingClientRect();
          if (inner.width === 0 && inner.height === 0) continue;
          if (inner.top < box.top - 1 || inner.bottom > box.bottom + 1) {
            problems.push(`outside its row: ${describe(element)}`);
            break;
          }
        }
      }
    }
    return problems;
  }, tables);
}

/** Whether `inner` is drawn wholly inside `outer`'s box (1 px of rounding allowed). */
export async function drawnInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) return false;
  return (
    a.x >= b.x - 1 &&
    a.y >= b.y - 1 &&
    a.x + a.width <= b.x + b.width + 1 &&
    a.y + a.height <= b.y + b.height + 1
  );
}

/** How far an element's content reaches past its box sideways (px): what must be scrolled to. */
export function sidewaysOverflow(locator: Locator): Promise<number> {
  return locator.evaluate((element) => Math.max(0, element.scrollWidth - element.clientWidth));
}
