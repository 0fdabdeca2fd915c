export default function PsychologistHomePage() {
  return <h1>Inicio</h1>;
}
