import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  ensureSyntaxTree,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
  syntaxTree,
} from '@codemirror/language';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import Box from '@mui/material/Box';
import { type Theme, useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { locateJsonPath } from './jsonPath';

/** A problem found outside the editor (the server's answer), placed at a document path. */
export interface ExternalProblem {
  message: string;
  /** A document path as the server names it (`ASSET.viewRules[0].roles[1]`); line 1 without one. */
  path?: string | null;
}

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language?: 'json';
  readOnly?: boolean;
  /** The accessible name of the text area. */
  label: string;
  /** More problems to mark (besides the syntax check), e.g. the server's refusal. */
  problems?: readonly ExternalProblem[];
  /** Height of the editor (CSS length); it scrolls inside. */
  height?: string | number;
  testId?: string;
}

/** Puts an outside problem on the line of its path (from where the path starts to that line's end). */
function problemDiagnostic(view: EditorView, problem: ExternalProblem): Diagnostic {
  const doc = view.state.doc;
  const range = problem.path ? locateJsonPath(doc.toString(), problem.path) : null;
  const from = range ? range.from : 0;
  const to = Math.min(range ? range.to : doc.line(1).to, doc.lineAt(from).to);
  return { from, to: Math.max(from, to), severity: 'error', message: problem.message, source: 'server' };
}

/** Where the JSON syntax tree has its first error, or null. */
function firstSyntaxError(view: EditorView): number | null {
  const tree = ensureSyntaxTree(view.state, view.state.doc.length, 200) ?? syntaxTree(view.state);
  let at: number | null = null;
  tree.iterate({
    enter: (node) => {
      if (at !== null) return false;
      if (node.type.isError) at = node.from;
      return undefined;
    },
  });
  return at;
}

/**
 * The JSON syntax check (jsonParseLinter). The browser's parse error often names no position
 * ("Unexpected token ..."), which would put the marker on line 1: then the syntax tree's first
 * error gives the place. The mark runs to the end of that line, so it can be seen.
 */
function jsonSyntaxLinter() {
  const parse = jsonParseLinter();
  return (view: EditorView): Diagnostic[] =>
    parse(view).map((diagnostic) => {
      const from = diagnostic.from === 0 ? (firstSyntaxError(view) ?? 0) : diagnostic.from;
      const line = view.state.doc.lineAt(from);
      return { ...diagnostic, from, to: Math.max(from, line.to) };
    });
}

/** Colours from the MUI light palette, so the editor looks like the rest of the portal. */
function paletteTheme(palette: Theme['palette'], height: string | number): Extension {
  return EditorView.theme(
    {
      '&': {
        height: typeof height === 'number' ? `${height}px` : height,
        fontSize: '13px',
        color: palette.text.primary,
        backgroundColor: palette.background.paper,
        border: `1px solid ${palette.divider}`,
        borderRadius: '8px',
      },
      '&.cm-focused': { outline: `2px solid ${palette.primary.main}`, outlineOffset: '-1px' },
      '.cm-scroller': { fontFamily: '"Roboto Mono", "SFMono-Regular", Menlo, Consolas, monospace', lineHeight: '1.55' },
      '.cm-content': { caretColor: palette.primary.main },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: palette.primary.main },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
        backgroundColor: `${palette.primary.light}40`,
      },
      '.cm-gutters': {
        backgroundColor: palette.grey[50],
        color: palette.text.secondary,
        borderRight: `1px solid ${palette.divider}`,
        borderTopLeftRadius: '8px',
        borderBottomLeftRadius: '8px',
      },
      '.cm-activeLine': { backgroundColor: `${palette.primary.main}0d` },
      '.cm-activeLineGutter': { backgroundColor: `${palette.primary.main}1a`, color: palette.text.primary },
      '&.cm-focused .cm-matchingBracket': { backgroundColor: `${palette.success.main}33`, outline: `1px solid ${palette.success.main}` },
      '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: `${palette.error.main}33` },
      '.cm-foldGutter span': { color: palette.text.secondary, cursor: 'pointer' },
      '.cm-lintRange-error': {
        backgroundImage: 'none',
        textDecoration: `underline wavy ${palette.error.main}`,
        textUnderlineOffset: '3px',
      },
      '.cm-tooltip': { border: `1px solid ${palette.divider}`, borderRadius: '6px', backgroundColor: palette.background.paper },
      '.cm-diagnostic-error': { borderLeftColor: palette.error.main },
      '&.cm-readonly .cm-content': { color: palette.text.secondary },
    },
    { dark: false },
  );
}

const NO_PROBLEMS: readonly ExternalProblem[] = [];

/**
 * A code editor (CodeMirror 6, bundled; no eval, so it runs under the portal's CSP): line
 * numbers, bracket matching, folding, and a lint gutter with the JSON syntax check plus any
 * outside problems placed on the line of their path. Controlled: `value` in, `onChange` out.
 */
export function CodeEditor({
  value,
  onChange,
  language = 'json',
  readOnly = false,
  label,
  problems = NO_PROBLEMS,
  height = 420,
  testId,
}: CodeEditorProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const problemsRef = useRef(problems);
  const readOnlyCompartment = useRef(new Compartment());
  const themeCompartment = useRef(new Compartment());

  // The editor is made once; later prop changes are dispatched to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the props below are applied by the effects that follow
  useEffect(() => {
    if (!host.current) return;
    const syntax = language === 'json' ? jsonSyntaxLinter() : () => [];
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          EditorView.lineWrapping,
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
          language === 'json' ? json() : [],
          linter((v) => [...syntax(v), ...problemsRef.current.map((p) => problemDiagnostic(v, p))], { delay: 250 }),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
          readOnlyCompartment.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          themeCompartment.current.of(paletteTheme(theme.palette, height)),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A value from outside (another configuration selected, a reload) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: readOnlyCompartment.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
    });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({ effects: themeCompartment.current.reconfigure(paletteTheme(theme.palette, height)) });
  }, [theme.palette, height]);

  // New outside problems show at once, not at the next edit.
  useEffect(() => {
    problemsRef.current = problems;
    if (view.current) forceLinting(view.current);
  }, [problems]);

  return <Box ref={host} data-testid={testId} className={readOnly ? 'code-editor-readonly' : undefined} sx={{ minWidth: 0 }} />;
}
