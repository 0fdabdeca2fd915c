export default function StatisticsPage() {
  return <h1>Estadísticas</h1>;
}
