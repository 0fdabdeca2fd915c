export default function ServiceStatisticsPage() {
  return <h1>Estadísticas del servicio</h1>;
}
