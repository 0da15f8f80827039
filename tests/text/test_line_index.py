"""LineIndex: code-point offsets <-> (line, column) positions, in the three LSP encodings."""
from __future__ import annotations

import pytest

from hot_ls.text import Encoding, LineIndex, Position

U8, U16, U32 = Encoding.UTF8, Encoding.UTF16, Encoding.UTF32


# --- line breaks -----------------------------------------------------------------------------

def test_lf_lines_and_offsets():
    text = 'ab\ncde\n\nf'
    index = LineIndex(text)
    assert index.line_count == 4
    assert [index.line_start(n) for n in range(4)] == [0, 3, 7, 8]
    assert [index.line_end(n) for n in range(4)] == [2, 6, 7, 9]
    assert [index.line_text(n) for n in range(4)] == ['ab', 'cde', '', 'f']
    assert index.position(0) == Position(0, 0)
    assert index.position(2) == Position(0, 2)  # on the '\n' itself: still line 0
    assert index.position(3) == Position(1, 0)
    assert index.position(6) == Position(1, 3)
    assert index.position(7) == Position(2, 0)
    assert index.position(8) == Position(3, 0)
    assert index.position(9) == Position(3, 1)
    assert index.offset(1, 2) == 5
    assert index.offset(2, 0) == 7
    assert index.offset(3, 1) == 9


def test_crlf_is_one_break():
    text = 'a: 1\r\nbb: 2\r\n'
    index = LineIndex(text)
    assert index.line_count == 3
    assert [index.line_start(n) for n in range(3)] == [0, 6, 13]
    # the line ends before '\r\n', not between '\r' and '\n'
    assert [index.line_end(n) for n in range(3)] == [4, 11, 13]
    assert [index.line_text(n) for n in range(3)] == ['a: 1', 'bb: 2', '']
    assert index.position(6) == Position(1, 0)
    assert index.position(10) == Position(1, 4)
    assert index.offset(1, 5) == 11
    assert index.offset(1, 99) == 11  # clamps before the '\r'
    assert index.offset(2, 0) == 13


def test_lone_cr_is_a_break():
    text = 'a\rb\r\nc\nd\r'
    index = LineIndex(text)
    assert index.line_count == 5
    assert [index.line_start(n) for n in range(5)] == [0, 2, 5, 7, 9]
    assert [index.line_end(n) for n in range(5)] == [1, 3, 6, 8, 9]
    assert [index.line_text(n) for n in range(5)] == ['a', 'b', 'c', 'd', '']
    assert index.position(2) == Position(1, 0)
    assert index.position(5) == Position(2, 0)
    assert index.position(8) == Position(3, 1)  # the final lone '\r'
    assert index.position(9) == Position(4, 0)
    assert index.offset(3, 5) == 8
    assert index.offset(4, 0) == 9


def test_other_unicode_breaks_are_not_lsp_breaks():
    # LSP counts only LF, CRLF and CR; U+2028, U+0085 and form feed stay inside the line
    text = 'a\u2028b\x85c\x0cd\ne'
    index = LineIndex(text)
    assert index.line_count == 2
    assert index.line_text(0) == 'a\u2028b\x85c\x0cd'
    assert index.position(8) == Position(1, 0)


def test_empty_text():
    index = LineIndex('')
    assert index.line_count == 1
    assert index.line_start(0) == 0
    assert index.line_end(0) == 0
    assert index.line_text(0) == ''
    for encoding in Encoding:
        assert index.position(0, encoding) == Position(0, 0)
        assert index.position(5, encoding) == Position(0, 0)
        assert index.offset(0, 0, encoding) == 0
        assert index.offset(3, 7, encoding) == 0


def test_last_line_without_newline():
    text = 'a: 1\nlast'
    index = LineIndex(text)
    assert index.line_count == 2
    assert index.line_end(1) == 9
    assert index.line_text(1) == 'last'
    assert index.position(9) == Position(1, 4)
    assert index.offset(1, 4) == 9
    assert index.offset(1, 100) == 9


def test_text_ending_with_newline_has_an_empty_last_line():
    index = LineIndex('a\n')
    assert index.line_count == 2
    assert index.position(2) == Position(1, 0)
    assert index.offset(1, 0) == 2
    assert index.offset(1, 3) == 2


@pytest.mark.parametrize('encoding', list(Encoding))
def test_clamping(encoding):
    text = 'abc\nde\n'
    index = LineIndex(text)
    assert index.position(-5, encoding) == Position(0, 0)
    assert index.position(100, encoding) == Position(2, 0)
    assert index.offset(-1, 2, encoding) == 0
    assert index.offset(0, 99, encoding) == 3      # end of line 0, not into line 1
    assert index.offset(1, 99, encoding) == 6
    assert index.offset(2, 99, encoding) == 7
    assert index.offset(3, 0, encoding) == 7       # past the last line: end of text
    assert index.offset(99, 99, encoding) == 7


@pytest.mark.parametrize('encoding', list(Encoding))
def test_negative_character_clamps_to_line_start(encoding):
    index = LineIndex('abc\ndéf\n')
    assert index.offset(1, -1, encoding) == 4
    assert index.offset(1, -100, encoding) == 4
    assert index.offset(0, -1, encoding) == 0


def test_line_of():
    index = LineIndex('ab\ncd\r\nef')
    assert [index.line_of(offset) for offset in range(10)] == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2]


# --- the three encodings on a line with CJK text and an emoji --------------------------------

# line 0: `description: "日本語 😀 テンプレート"`
#   code points: '"' 13, 日 14, 本 15, 語 16, ' ' 17, 😀 18, ' ' 19, テ 20 ... ト 25, '"' 26, end 27
#   UTF-16:      same up to 18; 😀 takes units 18-19; ' ' 20, テ 21, '"' 27, end 28
#   UTF-8:       日 bytes 14-16, 本 17-19, 語 20-22, ' ' 23, 😀 24-27, ' ' 28, テ 29-31, '"' 47, end 48
CJK = 'description: "日本語 😀 テンプレート"\ntype: OS::Nova::Server\n'
# code point, UTF-8 column, UTF-16 column, UTF-32 column (all on line 0)
CJK_COLUMNS = [
    (0, 0, 0, 0),
    (13, 13, 13, 13),
    (14, 14, 14, 14),   # 日
    (15, 17, 15, 15),   # 本
    (17, 23, 17, 17),   # the space before the emoji
    (18, 24, 18, 18),   # 😀
    (19, 28, 20, 19),   # the space after it
    (20, 29, 21, 20),   # テ
    (26, 47, 27, 26),   # closing quote
    (27, 48, 28, 27),   # end of line
]


@pytest.mark.parametrize('offset, utf8, utf16, utf32', CJK_COLUMNS)
def test_cjk_emoji_position_in_each_encoding(offset, utf8, utf16, utf32):
    index = LineIndex(CJK)
    assert index.position(offset, U8) == Position(0, utf8)
    assert index.position(offset, U16) == Position(0, utf16)
    assert index.position(offset, U32) == Position(0, utf32)


@pytest.mark.parametrize('offset, utf8, utf16, utf32', CJK_COLUMNS)
def test_cjk_emoji_offset_in_each_encoding(offset, utf8, utf16, utf32):
    index = LineIndex(CJK)
    assert index.offset(0, utf8, U8) == offset
    assert index.offset(0, utf16, U16) == offset
    assert index.offset(0, utf32, U32) == offset


def test_cjk_emoji_following_line_is_unaffected():
    index = LineIndex(CJK)
    start = CJK.index('type')
    assert start == 28
    for encoding in Encoding:
        assert index.position(start, encoding) == Position(1, 0)
        assert index.position(start + 4, encoding) == Position(1, 4)
        assert index.offset(1, 4, encoding) == start + 4
    # past the end of line 0, in each unit, clamps to the end of line 0
    assert index.offset(0, 49, U8) == 27
    assert index.offset(0, 29, U16) == 27
    assert index.offset(0, 28, U32) == 27


def test_column_inside_a_surrogate_pair_rounds_up():
    index = LineIndex(CJK)
    # UTF-16 unit 19 is the low surrogate of 😀 (units 18-19): the end of the emoji
    assert index.offset(0, 19, U16) == 19
    assert index.position(index.offset(0, 19, U16), U16) == Position(0, 20)


@pytest.mark.parametrize('byte, offset', [(15, 15), (16, 15), (18, 16), (25, 19), (26, 19), (27, 19),
                                          (30, 21)])
def test_column_inside_a_utf8_sequence_rounds_up(byte, offset):
    # 日 is bytes 14-16, 本 17-19, 😀 24-27, テ 29-31
    index = LineIndex(CJK)
    assert index.offset(0, byte, U8) == offset


def test_round_trip_every_offset():
    text = 'a: "é😀日"\r\nb: [ü, 𝄞]\rc\n'
    index = LineIndex(text)
    for offset in range(len(text) + 1):
        line = index.line_of(offset)
        if offset > index.line_end(line):  # inside a line break
            continue
        for encoding in Encoding:
            position = index.position(offset, encoding)
            assert index.offset(position.line, position.character, encoding) == offset, (offset, encoding)


def test_lone_surrogate_in_text_does_not_raise():
    # an LSP client can send "\ud800" in a JSON string; it is one UTF-16 unit, 3 bytes in UTF-8
    # (surrogatepass), one code point
    text = 'a: \ud800x\n'
    index = LineIndex(text)
    assert index.position(4, U16) == Position(0, 4)
    assert index.position(5, U16) == Position(0, 5)
    assert index.position(5, U8) == Position(0, 7)
    assert index.offset(0, 4, U16) == 4
    assert index.offset(0, 6, U8) == 4
    assert index.offset(0, 7, U8) == 5


# --- edits: the lines after an edit move by one number (LineIndex.edited) ---------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from(['a', 'b: 1', ' ', '\n', '\r\n', '\r', 'é', '😀', '\n\n', ''])
_TEXTS = st.lists(_PIECES, max_size=40).map(''.join)


def _same_as_fresh(index: LineIndex) -> None:
    fresh = LineIndex(index.text)
    assert index.line_count == fresh.line_count
    for line in range(-1, fresh.line_count):
        assert index.line_start(line) == fresh.line_start(line), line
        assert index.line_end(line) == fresh.line_end(line), line
        assert index.line_text(line) == fresh.line_text(line), line
    for offset in range(-1, len(index.text) + 2):
        assert index.line_of(offset) == fresh.line_of(offset), offset
        for encoding in (U16, U32):
            assert index.position(offset, encoding) == fresh.position(offset, encoding)
    for line in range(-1, fresh.line_count + 1):
        for character in (0, 1, 3, 99):
            assert index.offset(line, character, U16) == fresh.offset(line, character, U16)


@given(_TEXTS, st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 6), _TEXTS), max_size=8))
def test_an_edited_index_is_the_index_of_the_new_text(text, edits):
    """Edits anywhere, one after the other (before, after and inside the last one's lines,
    line breaks typed and deleted, a CR typed before an LF): every answer is a fresh
    index's."""
    index = LineIndex(text)
    for at, removed, inserted in edits:
        start = at % (len(text) + 1)
        old_end = min(len(text), start + removed)
        text = text[:start] + inserted + text[old_end:]
        index = index.edited(text, start, old_end, start + len(inserted))
        _same_as_fresh(index)


def test_typing_in_the_first_lines_moves_the_others_by_one_number():
    text = 'a: 1\n' * 1000
    index = LineIndex(text)
    for typed in range(1, 4):
        text = 'x' + text
        index = index.edited(text, 0, 0, 1)
        assert index._shift == typed and index._starts[-1] == 5000  # (not moved one by one)
        assert index.line_start(1000) == 5000 + typed
    _same_as_fresh(index)


@pytest.mark.parametrize('places', [(90, 5), (5, 90), (50, 50, 5, 90, 5), (0, 99, 0)])
def test_edits_before_and_after_the_last_one(places):
    """Each line typed into, in turn: the lines between two edits moved by one and not by
    the other."""
    text = ''.join(f'line {number}\n' for number in range(100))
    index = LineIndex(text)
    for line in places:
        at = index.line_start(line) + 2
        text = text[:at] + 'xy\n' + text[at:]
        index = index.edited(text, at, at, at + 3)
        _same_as_fresh(index)
        removed = index.line_start(line + 1)
        text = text[:removed - 1] + text[removed:]  # (the line break typed, deleted)
        index = index.edited(text, removed - 1, removed, removed - 1)
        _same_as_fresh(index)
