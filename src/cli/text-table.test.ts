import { describe, expect, it } from 'vitest';
import { textTable } from './text-table';

describe('textTable', () => {
  it('pads every column but the last so they line up', () => {
    expect(
      textTable(
        ['id', 'kind', 'last_error'],
        [
          ['a1', 'visitor', 'Error: 550 no such mailbox'],
          ['b22222', 'team', ''],
        ],
      ),
    ).toBe(
      'id      kind     last_error\n' + 'a1      visitor  Error: 550 no such mailbox\n' + 'b22222  team\n',
    );
  });

  it('turns control characters (newlines, terminal escapes) into spaces', () => {
    expect(textTable(['error'], [['first\nsecond \u001b[31mred']])).toBe('error\nfirst second  [31mred\n');
  });
});
