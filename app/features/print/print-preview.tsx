import { useId } from "react";
import { type PlanItem, type PrintPlan, runsPath } from "./print-layout";

/**
 * The sheet as SVG, drawn from the same plan as the PDF: same positions, same line breaks, same
 * sizes. Each line is stretched to its measured width, so a browser font other than the PDF's
 * DejaVu Sans still takes the room it will take on paper.
 */
export function PrintPreview({ plan, logoUrl, label }: { plan: PrintPlan; logoUrl: string | null; label: string }) {
  const modulesId = `${useId()}-modules`;
  const draw = (item: PlanItem, index: number) => {
    switch (item.kind) {
      case "rect":
        return <rect key={index} x={item.x} y={item.y} width={item.width} height={item.height} fill={item.color} />;
      case "code":
        return (
          <use key={index} href={`#${modulesId}`} fill={plan.codeColor} transform={`translate(${item.x} ${item.y}) scale(${item.moduleSize})`} />
        );
      case "logo":
        return logoUrl ? (
          <image key={index} href={logoUrl} x={item.x} y={item.y} width={item.size} height={item.size} preserveAspectRatio="xMidYMid meet" />
        ) : null;
      case "fold":
        return <line key={index} x1={0} x2={item.width} y1={item.y} y2={item.y} stroke="#9CA3AF" strokeWidth={0.5} strokeDasharray="4 4" />;
      case "text":
        return (
          <g key={index} fill={item.color} fontSize={item.size} fontWeight={item.weight === "bold" ? 700 : 400}>
            {item.lines.map((line, lineIndex) => (
              <text
                key={lineIndex}
                x={item.align === "center" ? item.x + (item.width - line.width) / 2 : item.x}
                y={line.baseline}
                textLength={line.width}
                lengthAdjust="spacingAndGlyphs"
              >
                {line.text}
              </text>
            ))}
          </g>
        );
    }
  };
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${plan.width} ${plan.height}`}
      className="h-auto w-full bg-white shadow-md ring-1 ring-gray-200"
      fontFamily="'DejaVu Sans', Verdana, 'Segoe UI', sans-serif"
    >
      <defs>
        <path id={modulesId} d={runsPath(plan.moduleRuns)} />
      </defs>
      <rect width={plan.width} height={plan.height} fill="#FFFFFF" />
      {plan.items.map(draw)}
      {plan.turnedItems.length > 0 ? <g transform={`rotate(180 ${plan.width / 2} ${plan.height / 2})`}>{plan.turnedItems.map(draw)}</g> : null}
    </svg>
  );
}
