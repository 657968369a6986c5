// `x as unknown as T` in the production code: a cast the compiler cannot check at all. The
// TypeScript parser finds them, so the words in a comment or a string do not count.
import ts from 'typescript';

export interface UnknownCast {
  /** 1-based. */
  line: number;
  /** A comment on the cast's line or the line before (saying why it is needed). */
  commented: boolean;
}

const hasComment = (line: string | undefined) => line !== undefined && /\/\/|\/\*|^\s*\*/.test(line);

/** Each `as unknown as` of a source text, at the line of its `unknown`. */
export function unknownCasts(fileName: string, text: string): UnknownCast[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const lines = text.split('\n');
  const casts: UnknownCast[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isAsExpression(node) &&
      ts.isAsExpression(node.expression) &&
      node.expression.type.kind === ts.SyntaxKind.UnknownKeyword
    ) {
      const index = source.getLineAndCharacterOfPosition(node.expression.type.getStart(source)).line;
      casts.push({ line: index + 1, commented: hasComment(lines[index]) || hasComment(lines[index - 1]) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return casts;
}
