export default function ConfigurationPage() {
  return <h1>Configuración</h1>;
}
