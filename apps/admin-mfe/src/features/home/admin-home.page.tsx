export default function AdminHomePage() {
  return <h1>Inicio</h1>;
}
