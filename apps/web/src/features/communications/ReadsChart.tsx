import { LineChart } from '@mui/x-charts/LineChart';

type Props = { days: { dia: string; lidos: number }[]; labels: string[]; seriesLabel: string };

/** The line of reads per day (MUI X Charts); its own chunk, loaded by the dashboard only. */
export function ReadsChart({ days, labels, seriesLabel }: Props) {
  return (
    <LineChart
      height={220}
      xAxis={[{ scaleType: 'point', data: labels }]}
      yAxis={[{ tickMinStep: 1, min: 0 }]}
      series={[{ data: days.map((d) => d.lidos), label: seriesLabel, area: true, showMark: true }]}
      hideLegend
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
