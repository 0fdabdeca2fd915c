export default function HistoryPage() {
  return <h1>Historial de citas</h1>;
}
