// chart.js, loaded only when the dashboard draws its charts: kept out of the first paint.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend);

export interface ChartSpec {
  kind: 'bar' | 'doughnut';
  labels: string[];
  /** One series, or several stacked on each bar. */
  series: { name: string; values: number[] }[];
  /** A doughnut's colour per slice; a bar chart's per series. */
  colors: string[];
  /** Right to left: the time axis runs from the right, the value axis stands on the right. */
  rtl: boolean;
}

/** Draws `spec` on `canvas`; answers how to remove it. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): () => void {
  const chart = new Chart(canvas, {
    type: spec.kind,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series, index) => ({
        label: series.name,
        data: series.values,
        backgroundColor: spec.kind === 'doughnut' ? spec.colors : spec.colors[index],
        borderWidth: 0,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: spec.kind === 'doughnut' || spec.series.length > 1, position: 'bottom', rtl: spec.rtl },
        tooltip: { rtl: spec.rtl },
      },
      ...(spec.kind === 'bar'
        ? {
            scales: {
              x: { reverse: spec.rtl, stacked: true },
              y: { beginAtZero: true, stacked: true, position: spec.rtl ? 'right' : 'left', ticks: { precision: 0 } },
            },
          }
        : {}),
    },
  });
  return () => {
    chart.destroy();
  };
}
