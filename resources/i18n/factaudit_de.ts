<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AgreementView</name>
    <message>
        <source>Dimension / step</source>
        <translation>Dimension / Schritt</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>α 95% CI</source>
        <translation>α 95%-KI</translation>
    </message>
    <message>
        <source>α humans only</source>
        <translation>α nur Menschen</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>Raters (people + LLM)</source>
        <translation>Bewerter (Menschen + LLM)</translation>
    </message>
    <message>
        <source>Rater pairs (κ)</source>
        <translation>Bewerterpaare (κ)</translation>
    </message>
    <message>
        <source>Rater A</source>
        <translation>Bewerter A</translation>
    </message>
    <message>
        <source>Rater B</source>
        <translation>Bewerter B</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>κ 95% CI</source>
        <translation>κ 95%-KI</translation>
    </message>
    <message>
        <source>Raw agreement</source>
        <translation>Rohe Übereinstimmung</translation>
    </message>
    <message>
        <source>Pull: κ blind (n)</source>
        <translation>Sog: κ verblindet (n)</translation>
    </message>
    <message>
        <source>Pull: κ revealed (n)</source>
        <translation>Sog: κ aufgedeckt (n)</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>Disagreements</source>
        <translation>Abweichungen</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>Übereinstimmung</translation>
    </message>
    <message>
        <source>Send to a rater…</source>
        <translation>An einen Bewerter senden…</translation>
    </message>
    <message>
        <source>κ and α need a second rater: write a blind package for a colleague</source>
        <translation>κ und α brauchen einen zweiten Bewerter: ein verblindetes Paket für eine Kollegin schreiben</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Neu berechnen</translation>
    </message>
    <message>
        <source>Rater pairs</source>
        <translation>Bewerterpaare</translation>
    </message>
    <message>
        <source>α: Krippendorff's alpha (nominal, missing values allowed) over first-pass labels; κ: Cohen's kappa on the units both raters labelled; intervals: percentile bootstrap over units ({n_resamples:,} resamples, seed 42). A rater paired with “&lt;name&gt;:retest” is test–retest agreement. The pull compares a human's agreement with an LLM pre-labeler on labels made blind and labels made after the pre-label was revealed.</source>
        <translation>α: Krippendorffs Alpha (nominal, fehlende Werte erlaubt) über die Labels des ersten Durchgangs; κ: Cohens Kappa auf den Einheiten, die beide Bewerter gelabelt haben; Intervalle: Perzentil-Bootstrap über Einheiten ({n_resamples:,} Stichproben, Seed 42). Ein mit „&lt;name&gt;:retest“ gepaarter Bewerter ist Test-Retest-Übereinstimmung. Der Sog vergleicht die Übereinstimmung eines Menschen mit einem LLM-Vorlabeler bei blind vergebenen Labels und bei Labels nach dem Aufdecken des Vorlabels.</translation>
    </message>
    <message>
        <source>No labels yet: label evidence pairs or reasoning traces, or ask a second rater (File › Send to a rater…).</source>
        <translation>Noch keine Labels: Evidenzpaare oder Begründungen labeln oder einen zweiten Bewerter bitten (Datei › An einen Bewerter senden…).</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>1 human rater: {names}</source>
        <translation>1 menschlicher Bewerter: {names}</translation>
    </message>
    <message>
        <source>{n} human raters: {names}</source>
        <translation>{n} menschliche Bewerter: {names}</translation>
    </message>
    <message>
        <source>; 1 LLM pre-labeller ({names}), counted apart: their pairs with people are human–LLM agreement</source>
        <translation>; 1 LLM-Vorlabeler ({names}), getrennt gezählt: seine Paare mit Menschen sind Mensch-LLM-Übereinstimmung</translation>
    </message>
    <message>
        <source>; {n} LLM pre-labellers ({names}), counted apart: their pairs with people are human–LLM agreement</source>
        <translation>; {n} LLM-Vorlabeler ({names}), getrennt gezählt: ihre Paare mit Menschen sind Mensch-LLM-Übereinstimmung</translation>
    </message>
    <message>
        <source> κ and α between people need a second rater: File › Send to a rater… (or a retest pass).</source>
        <translation> κ und α zwischen Menschen brauchen einen zweiten Bewerter: Datei › An einen Bewerter senden… (oder einen Retest-Durchgang).</translation>
    </message>
    <message>
        <source>Needs a second rater: File › Send to a rater…; File › Merge returned labels… brings their labels in.</source>
        <translation>Braucht einen zweiten Bewerter: Datei › An einen Bewerter senden…; Datei › Zurückgegebene Labels zusammenführen… übernimmt deren Labels.</translation>
    </message>
    <message>
        <source>– needs a second rater: File › Send to a rater…</source>
        <translation>– braucht einen zweiten Bewerter: Datei › An einen Bewerter senden…</translation>
    </message>
</context>
<context>
    <name>AppController</name>
    <message>
        <source>New project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <source>Creating the project</source>
        <translation>Projekt wird angelegt</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <source>Encrypted sealed file</source>
        <translation>Verschlüsselte versiegelte Datei</translation>
    </message>
    <message>
        <source>Passphrase for {name}:</source>
        <translation>Passphrase für {name}:</translation>
    </message>
    <message>
        <source>Checking the seal of {name}</source>
        <translation>Siegel von {name} wird geprüft</translation>
    </message>
    <message>
        <source>Open sealed file</source>
        <translation>Versiegelte Datei öffnen</translation>
    </message>
    <message>
        <source>Opening the rater package {name}</source>
        <translation>Bewerterpaket {name} wird geöffnet</translation>
    </message>
    <message>
        <source>Open rater package</source>
        <translation>Bewerterpaket öffnen</translation>
    </message>
    <message>
        <source>Project in use</source>
        <translation>Projekt wird verwendet</translation>
    </message>
    <message>
        <source>{v0}

Open {name} read-only instead?</source>
        <translation>{v0}

{name} stattdessen schreibgeschützt öffnen?</translation>
    </message>
    <message>
        <source>Rebuild it (a few minutes, in the background) or open it as it is?</source>
        <translation>Neu erstellen (einige Minuten, im Hintergrund) oder so öffnen, wie es ist?</translation>
    </message>
    <message>
        <source>Rebuild</source>
        <translation>Neu erstellen</translation>
    </message>
    <message>
        <source>Open as it is</source>
        <translation>So öffnen</translation>
    </message>
    <message>
        <source>Building the demo project</source>
        <translation>Demoprojekt wird erstellt</translation>
    </message>
    <message>
        <source>Open demo</source>
        <translation>Demo öffnen</translation>
    </message>
</context>
<context>
    <name>ConflictsView</name>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>Diverged at</source>
        <translation>Abgewichen bei</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>Bedingungen</translation>
    </message>
    <message>
        <source>strict accuracy</source>
        <translation>strikte Genauigkeit</translation>
    </message>
    <message>
        <source>conflict-aware success</source>
        <translation>konfliktbewusster Erfolg</translation>
    </message>
    <message>
        <source>conflict F1</source>
        <translation>Konflikt-F1</translation>
    </message>
    <message>
        <source>conflict awareness</source>
        <translation>Konfliktbewusstsein</translation>
    </message>
    <message>
        <source>unsupported ratio</source>
        <translation>Anteil ohne Beleg</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Konflikte</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Lauf:</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <source>any stage</source>
        <translation>jede Stufe</translation>
    </message>
    <message>
        <source>Condition:</source>
        <translation>Bedingung:</translation>
    </message>
    <message>
        <source>any condition</source>
        <translation>jede Bedingung</translation>
    </message>
    <message>
        <source>Answer from documents…</source>
        <translation>Aus Dokumenten antworten…</translation>
    </message>
    <message>
        <source>Start an aggregate run: one variant over questions that carry documents</source>
        <translation>Einen Aggregationslauf starten: eine Variante über Fragen mit Dokumenten</translation>
    </message>
    <message>
        <source>No aggregate runs yet: press “Answer from documents…” to answer the questions of a dataset whose items carry documents (rules take seconds, no model).</source>
        <translation>Noch keine Aggregationsläufe: „Aus Dokumenten antworten…“ drücken, um die Fragen eines Datensatzes mit Dokumenten zu beantworten (Regeln brauchen Sekunden, kein Modell).</translation>
    </message>
    <message>
        <source>{v0} items, {v1} conflict items: {figures}{note}</source>
        <translation>{v0} Einträge, {v1} Konflikteinträge: {figures}{note}</translation>
    </message>
</context>
<context>
    <name>ConnectionsView</name>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>Zweck</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Gesendet</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Empfangen</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Network and offline mode</source>
        <translation>Netzwerk und Offline-Modus</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Offline mode: refuse every connection except to the hosts below</source>
        <translation>Offline-Modus: jede Verbindung außer zu den unten genannten Hosts ablehnen</translation>
    </message>
    <message>
        <source>Allowed hosts (endpoints you configured):</source>
        <translation>Erlaubte Hosts (von Ihnen eingerichtete Endpunkte):</translation>
    </message>
    <message>
        <source>e.g. localhost is always allowed; add api.example.org, 10.0.0.5</source>
        <translation>z. B. ist localhost immer erlaubt; api.example.org, 10.0.0.5 hinzufügen</translation>
    </message>
    <message>
        <source>Models run on this computer; Hugging Face downloads and telemetry are switched off at start. API keys are never written to project files or to this log.</source>
        <translation>Modelle laufen auf diesem Computer; Hugging-Face-Downloads und Telemetrie sind beim Start abgeschaltet. API-Schlüssel werden nie in Projektdateien oder dieses Protokoll geschrieben.</translation>
    </message>
    <message>
        <source>Interface language:</source>
        <translation>Sprache der Oberfläche:</translation>
    </message>
    <message>
        <source>The system's ({language})</source>
        <translation>Wie das System ({language})</translation>
    </message>
    <message>
        <source>Applies from the next start of factaudit.</source>
        <translation>Gilt ab dem nächsten Start von factaudit.</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>blockiert</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>gesendet</translation>
    </message>
    <message>
        <source>No outbound connection has been made.</source>
        <translation>Es wurde keine ausgehende Verbindung aufgebaut.</translation>
    </message>
    <message>
        <source>1 outbound connection</source>
        <translation>1 ausgehende Verbindung</translation>
    </message>
    <message>
        <source>{n} outbound connections</source>
        <translation>{n} ausgehende Verbindungen</translation>
    </message>
    <message>
        <source>1 blocked attempt</source>
        <translation>1 blockierter Versuch</translation>
    </message>
    <message>
        <source>{n} blocked attempts</source>
        <translation>{n} blockierte Versuche</translation>
    </message>
    <message>
        <source>{made} ({sent} sent, {received} received); {blocked}.</source>
        <translation>{made} ({sent} gesendet, {received} empfangen); {blocked}.</translation>
    </message>
    <message>
        <source>Log file: {v0}</source>
        <translation>Protokolldatei: {v0}</translation>
    </message>
    <message>
        <source>Could not save the settings: {v0}</source>
        <translation>Die Einstellungen konnten nicht gespeichert werden: {v0}</translation>
    </message>
</context>
<context>
    <name>DataView</name>
    <message>
        <source>Items</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>Passagen</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>Datensätze</translation>
    </message>
    <message>
        <source>Freeze</source>
        <translation>Einfrieren</translation>
    </message>
    <message>
        <source>A frozen dataset refuses edits, so runs over it stay comparable</source>
        <translation>Ein eingefrorener Datensatz lehnt Änderungen ab, damit Läufe darüber vergleichbar bleiben</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Delete the dataset and its records; refused while a run or an annotation uses it</source>
        <translation>Den Datensatz und seine Einträge löschen; abgelehnt, solange ein Lauf oder eine Annotation ihn verwendet</translation>
    </message>
    <message>
        <source>Language…</source>
        <translation>Sprache…</translation>
    </message>
    <message>
        <source>The language BM25 tokenizes this dataset with (detected on import)</source>
        <translation>Die Sprache, mit der BM25 diesen Datensatz tokenisiert (beim Import erkannt)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Split</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Frozen</source>
        <translation>Eingefroren</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Importiert</translation>
    </message>
    <message>
        <source>Search text…</source>
        <translation>Text suchen…</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Could not read the datasets: {error}</source>
        <translation>Die Datensätze konnten nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>All datasets</source>
        <translation>Alle Datensätze</translation>
    </message>
    <message>
        <source>Unfreeze</source>
        <translation>Auftauen</translation>
    </message>
    <message>
        <source>Freezing the dataset</source>
        <translation>Datensatz wird eingefroren</translation>
    </message>
</context>
<context>
    <name>DecomposeDialog</name>
    <message>
        <source>One claim per sentence (fast)</source>
        <translation>Eine Behauptung je Satz (schnell)</translation>
    </message>
    <message>
        <source>Atomic claims written by a language model (slow)</source>
        <translation>Atomare Behauptungen, von einem Sprachmodell geschrieben (langsam)</translation>
    </message>
    <message>
        <source>Decompose answers</source>
        <translation>Antworten zerlegen</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>every dataset with answers</source>
        <translation>jeder Datensatz mit Antworten</translation>
    </message>
    <message>
        <source>{name} ({v0:,} sentences)</source>
        <translation>{name} ({v0:,} Sätze)</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>all answers</source>
        <translation>alle Antworten</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>Decompose</source>
        <translation>Zerlegen</translation>
    </message>
    <message>
        <source>No answers with sentences in this project: import answers first.</source>
        <translation>Keine Antworten mit Sätzen in diesem Projekt: zuerst Antworten importieren.</translation>
    </message>
    <message>
        <source>Decomposing…</source>
        <translation>Wird zerlegt…</translation>
    </message>
    <message>
        <source>Decomposing answers</source>
        <translation>Antworten werden zerlegt</translation>
    </message>
    <message>
        <source>Cancelled; the claims made so far are kept.</source>
        <translation>Abgebrochen; die bisher erzeugten Behauptungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>{run_id}: {n_claims:,} claims from {n_sentences:,} sentences of {n_items:,} answers in {seconds:.1f} s.</source>
        <translation>{run_id}: {n_claims:,} Behauptungen aus {n_sentences:,} Sätzen von {n_items:,} Antworten in {seconds:.1f} s.</translation>
    </message>
    <message>
        <source>Not decomposed: {v0}</source>
        <translation>Nicht zerlegt: {v0}</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Behauptung</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>Passage</translation>
    </message>
</context>
<context>
    <name>HitsView</name>
    <message>
        <source>Retrieved evidence</source>
        <translation>Gefundene Evidenz</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>No finished retrieval runs yet.</source>
        <translation>Noch keine abgeschlossenen Retrieval-Läufe.</translation>
    </message>
    <message>
        <source>Reading the run's claims</source>
        <translation>Behauptungen des Laufs werden gelesen</translation>
    </message>
</context>
<context>
    <name>ImportPlanPanel</name>
    <message>
        <source>… {n_problems:,} problems in all</source>
        <translation>… insgesamt {n_problems:,} Probleme</translation>
    </message>
</context>
<context>
    <name>JobArea</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>JobDialog</name>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Cancelling after the {unit_one} in flight…</source>
        <translation>Abbruch nach dem laufenden {unit_one}…</translation>
    </message>
</context>
<context>
    <name>MappingChoice</name>
    <message>
        <source>Mapping:</source>
        <translation>Zuordnung:</translation>
    </message>
    <message>
        <source>counts as an error: {verdicts}</source>
        <translation>zählt als Fehler: {verdicts}</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>HTML report (opens in a browser)</source>
        <translation>HTML-Bericht (öffnet im Browser)</translation>
    </message>
    <message>
        <source>Spreadsheet (XLSX)</source>
        <translation>Tabelle (XLSX)</translation>
    </message>
    <message>
        <source>Data files (JSON) for other tools</source>
        <translation>Datendateien (JSON) für andere Werkzeuge</translation>
    </message>
    <message>
        <source>Write the report</source>
        <translation>Bericht schreiben</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>New folder</source>
        <translation>Neuer Ordner</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>Formate</translation>
    </message>
    <message>
        <source>The report covers every finished run. Sections without data say which step fills them.</source>
        <translation>Der Bericht umfasst jeden abgeschlossenen Lauf. Abschnitte ohne Daten nennen den Schritt, der sie füllt.</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Schreiben</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Bericht öffnen</translation>
    </message>
    <message>
        <source>Show folder</source>
        <translation>Ordner anzeigen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Where to create the report folder</source>
        <translation>Wo der Berichtsordner angelegt wird</translation>
    </message>
    <message>
        <source>Choose at least one format.</source>
        <translation>Mindestens ein Format wählen.</translation>
    </message>
    <message>
        <source>Name the folder to create.</source>
        <translation>Den anzulegenden Ordner benennen.</translation>
    </message>
    <message>
        <source>{name} already exists; each report goes into a new folder.</source>
        <translation>{name} existiert bereits; jeder Bericht kommt in einen neuen Ordner.</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Wird geschrieben…</translation>
    </message>
    <message>
        <source>Writing the report</source>
        <translation>Bericht wird geschrieben</translation>
    </message>
    <message>
        <source>Written to {folder} ({names}).</source>
        <translation>Nach {folder} geschrieben ({names}).</translation>
    </message>
    <message>
        <source>Not written: {v0}</source>
        <translation>Nicht geschrieben: {v0}</translation>
    </message>
</context>
<context>
    <name>ResultsView</name>
    <message>
        <source>Mapping</source>
        <translation>Zuordnung</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>FP</source>
        <translation>FP</translation>
    </message>
    <message>
        <source>FN</source>
        <translation>FN</translation>
    </message>
    <message>
        <source>TN</source>
        <translation>TN</translation>
    </message>
    <message>
        <source>Precision [95% CI]</source>
        <translation>Präzision [95%-KI]</translation>
    </message>
    <message>
        <source>Recall [95% CI]</source>
        <translation>Recall [95%-KI]</translation>
    </message>
    <message>
        <source>F1 [95% CI]</source>
        <translation>F1 [95%-KI]</translation>
    </message>
    <message>
        <source>Gold verdict</source>
        <translation>Gold-Urteil</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Präzision</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>Recall</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>ΔRecall [95% CI]</source>
        <translation>ΔRecall [95%-KI]</translation>
    </message>
    <message>
        <source>ΔF1 [95% CI]</source>
        <translation>ΔF1 [95%-KI]</translation>
    </message>
    <message>
        <source>McNemar p</source>
        <translation>McNemar-p</translation>
    </message>
    <message>
        <source>Holm p</source>
        <translation>Holm-p</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Lauf:</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Ebene:</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Read this page again from the project file (F5)</source>
        <translation>Diese Seite erneut aus der Projektdatei lesen (F5)</translation>
    </message>
    <message>
        <source>Export HTML…</source>
        <translation>HTML exportieren…</translation>
    </message>
    <message>
        <source>Export XLSX…</source>
        <translation>XLSX exportieren…</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>JSON exportieren…</translation>
    </message>
    <message>
        <source>Closed regime: claims with a gold four-way verdict (as in SciFact), scored verdict against verdict</source>
        <translation>Geschlossenes Regime: Behauptungen mit vierstufigem Gold-Urteil (wie in SciFact), Urteil gegen Urteil bewertet</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Tick two or more runs to compare them on the units they share.</source>
        <translation>Zwei oder mehr Läufe ankreuzen, um sie auf ihren gemeinsamen Einheiten zu vergleichen.</translation>
    </message>
    <message>
        <source>Certify</source>
        <translation>Zertifizieren</translation>
    </message>
    <message>
        <source>No finished verify runs yet. Verify claims (Workflow › Verify), or import verdicts made elsewhere (File › Import data, kind: verdicts).</source>
        <translation>Noch keine abgeschlossenen Prüfläufe. Behauptungen prüfen (Arbeitsablauf › Prüfen) oder anderswo erstellte Urteile importieren (Datei › Daten importieren, Art: Urteile).</translation>
    </message>
    <message>
        <source>Scoring…</source>
        <translation>Wird bewertet…</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Cannot score: {v0}</source>
        <translation>Bewertung nicht möglich: {v0}</translation>
    </message>
    <message>
        <source>No scores yet: choose a finished verify run.</source>
        <translation>Noch keine Bewertung: einen abgeschlossenen Prüflauf wählen.</translation>
    </message>
    <message>
        <source>No confusion matrix yet: choose a finished verify run.</source>
        <translation>Noch keine Konfusionsmatrix: einen abgeschlossenen Prüflauf wählen.</translation>
    </message>
    <message>
        <source> {n} verdicts are contradicted by their own reasoning (marked in Review).</source>
        <translation> {n} Urteile widersprechen ihrer eigenen Begründung (in „Prüfung“ markiert).</translation>
    </message>
    <message>
        <source>{run}: {sentences} sentences and {claims} claims scored; {failures} parse failures excluded; {unscored} sentences unscored</source>
        <translation>{run}: {sentences} Sätze und {claims} Behauptungen bewertet; {failures} Auswertungsfehler ausgeschlossen; {unscored} Sätze unbewertet</translation>
    </message>
    <message>
        <source>. Precision and recall: Wilson 95%; F1: bootstrap 95%.</source>
        <translation>. Präzision und Recall: Wilson 95 %; F1: Bootstrap 95 %.</translation>
    </message>
    <message>
        <source>{run}: no expert labels on answer sentences or claims, so no sentence- or claim-level scores; {n} claims are scored against their gold verdicts below; {failures} parse failures excluded.</source>
        <translation>{run}: keine Expertenlabels auf Antwortsätzen oder Behauptungen, daher keine Bewertung auf Satz- oder Behauptungsebene; {n} Behauptungen werden unten gegen ihre Gold-Urteile bewertet; {failures} Auswertungsfehler ausgeschlossen.</translation>
    </message>
    <message>
        <source>{run}: nothing to score: no verified claim has an expert label or a gold verdict; {failures} parse failures.</source>
        <translation>{run}: nichts zu bewerten: keine geprüfte Behauptung hat ein Expertenlabel oder ein Gold-Urteil; {failures} Auswertungsfehler.</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>claim</source>
        <translation>Behauptung</translation>
    </message>
    <message>
        <source>No {level}-level scores: this run's claims carry gold verdicts, not expert labels on answer sentences. See the closed-regime table.</source>
        <translation>Keine Bewertung auf Ebene {level}: die Behauptungen dieses Laufs tragen Gold-Urteile, keine Expertenlabels auf Antwortsätzen. Siehe die Tabelle des geschlossenen Regimes.</translation>
    </message>
    <message>
        <source>No {level}-level scores: no verified claim of this run has an expert label at the {level} level.</source>
        <translation>Keine Bewertung auf Ebene {level}: keine geprüfte Behauptung dieses Laufs hat ein Expertenlabel auf Ebene {level}.</translation>
    </message>
    <message>
        <source>Closed regime: no verified claim of this run has a gold verdict.</source>
        <translation>Geschlossenes Regime: keine geprüfte Behauptung dieses Laufs hat ein Gold-Urteil.</translation>
    </message>
    <message>
        <source>No confusion matrix: no verified claim of this run has a gold verdict (open-regime runs are scored above).</source>
        <translation>Keine Konfusionsmatrix: keine geprüfte Behauptung dieses Laufs hat ein Gold-Urteil (Läufe im offenen Regime werden oben bewertet).</translation>
    </message>
    <message>
        <source>Closed regime: {n} claims with gold verdicts, accuracy {v0}, macro-F1 {v1}.</source>
        <translation>Geschlossenes Regime: {n} Behauptungen mit Gold-Urteil, Genauigkeit {v0}, Makro-F1 {v1}.</translation>
    </message>
    <message>
        <source>{n_shared} shared sentences</source>
        <translation>{n_shared} gemeinsame Sätze</translation>
    </message>
    <message>
        <source>{n_shared} shared claims</source>
        <translation>{n_shared} gemeinsame Behauptungen</translation>
    </message>
    <message>
        <source> under {mapping}. Cochran's Q = {v0:.2f}, p = {v1} (permutation p = {v2}). Δ against {v3}; exact McNemar with Holm adjustment; bootstrap stratified by {strata}.</source>
        <translation> unter {mapping}. Cochrans Q = {v0:.2f}, p = {v1} (Permutations-p = {v2}). Δ gegenüber {v3}; exakter McNemar-Test mit Holm-Korrektur; Bootstrap geschichtet nach {strata}.</translation>
    </message>
    <message>
        <source>Folder to write the report into</source>
        <translation>Ordner für den Bericht</translation>
    </message>
    <message>
        <source>Writing {v0} report to {out}…</source>
        <translation>{v0}-Bericht wird nach {out} geschrieben…</translation>
    </message>
    <message>
        <source>Writing report</source>
        <translation>Bericht wird geschrieben</translation>
    </message>
    <message>
        <source>Report not written</source>
        <translation>Bericht nicht geschrieben</translation>
    </message>
</context>
<context>
    <name>RunDetailsDialog</name>
    <message>
        <source>Run {run_id}</source>
        <translation>Lauf {run_id}</translation>
    </message>
    <message>
        <source>Open in Review</source>
        <translation>In „Prüfung“ öffnen</translation>
    </message>
    <message>
        <source>Open in Results</source>
        <translation>In „Ergebnisse“ öffnen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Reading {run_id}</source>
        <translation>{run_id} wird gelesen</translation>
    </message>
</context>
<context>
    <name>RunsView</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Retrieve…</source>
        <translation>Abrufen…</translation>
    </message>
    <message>
        <source>Verify…</source>
        <translation>Prüfen…</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Read this page again from the project file (F5)</source>
        <translation>Diese Seite erneut aus der Projektdatei lesen (F5)</translation>
    </message>
    <message>
        <source>The project is open read-only</source>
        <translation>Das Projekt ist schreibgeschützt geöffnet</translation>
    </message>
    <message>
        <source>Double-click a run for its settings, counts and figures</source>
        <translation>Doppelklick auf einen Lauf zeigt Einstellungen, Zählungen und Kennzahlen</translation>
    </message>
    <message>
        <source>No runs yet. Retrieve evidence for the claims to make the first one.</source>
        <translation>Noch keine Läufe. Evidenz für die Behauptungen abrufen ergibt den ersten.</translation>
    </message>
    <message>
        <source>Cannot open dialog</source>
        <translation>Dialog kann nicht geöffnet werden</translation>
    </message>
</context>
<context>
    <name>SealDialog</name>
    <message>
        <source>Seal the project</source>
        <translation>Projekt versiegeln</translation>
    </message>
    <message>
        <source>A sealed copy is read-only and signed: whoever receives it can check that nothing in it changed since you sealed it, and who sealed it.</source>
        <translation>Eine versiegelte Kopie ist schreibgeschützt und signiert: wer sie erhält, kann prüfen, dass sich seit der Versiegelung nichts geändert hat und wer sie versiegelt hat.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Sealed file</source>
        <translation>Versiegelte Datei</translation>
    </message>
    <message>
        <source>Encrypt with a passphrase (the recipient needs it to open the file)</source>
        <translation>Mit einer Passphrase verschlüsseln (der Empfänger braucht sie zum Öffnen)</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <source>Passphrase again</source>
        <translation>Passphrase wiederholen</translation>
    </message>
    <message>
        <source>Your signing key's fingerprint. Tell the recipient, so they can trust it.</source>
        <translation>Der Fingerabdruck Ihres Signaturschlüssels. Teilen Sie ihn dem Empfänger mit, damit er ihm vertrauen kann.</translation>
    </message>
    <message>
        <source>Signed by</source>
        <translation>Signiert von</translation>
    </message>
    <message>
        <source>Seal</source>
        <translation>Versiegeln</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>Im Ordner zeigen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Reading the signing key</source>
        <translation>Signaturschlüssel wird gelesen</translation>
    </message>
    <message>
        <source>no signing key: {v0}</source>
        <translation>kein Signaturschlüssel: {v0}</translation>
    </message>
    <message>
        <source>factaudit projects (*.faproj)</source>
        <translation>factaudit-Projekte (*.faproj)</translation>
    </message>
    <message>
        <source>Choose where to write the sealed file.</source>
        <translation>Wählen, wohin die versiegelte Datei geschrieben wird.</translation>
    </message>
    <message>
        <source>Type a passphrase twice.</source>
        <translation>Die Passphrase zweimal eingeben.</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>Die beiden Passphrasen unterscheiden sich.</translation>
    </message>
    <message>
        <source>Sealing…</source>
        <translation>Wird versiegelt…</translation>
    </message>
    <message>
        <source>Sealing</source>
        <translation>Versiegeln</translation>
    </message>
    <message>
        <source>{n} bytes</source>
        <translation>{n} Bytes</translation>
    </message>
    <message>
        <source>encrypted, </source>
        <translation>verschlüsselt, </translation>
    </message>
    <message>
        <source>Sealed to {name} ({what}{size}) and checked: the seal is valid, signed by {signer}.</source>
        <translation>Versiegelt als {name} ({what}{size}) und geprüft: das Siegel ist gültig, signiert von {signer}.</translation>
    </message>
    <message>
        <source>Sealed to {name}, but the check failed: {why}</source>
        <translation>Versiegelt als {name}, aber die Prüfung schlug fehl: {why}</translation>
    </message>
    <message>
        <source>Not sealed: {v0}</source>
        <translation>Nicht versiegelt: {v0}</translation>
    </message>
</context>
<context>
    <name>SealedBanner</name>
    <message>
        <source>an unknown key</source>
        <translation>einem unbekannten Schlüssel</translation>
    </message>
    <message>
        <source> on {date}</source>
        <translation> am {date}</translation>
    </message>
    <message>
        <source>Sealed file, read-only. Signed by {signer}{when} (trusted); nothing has changed since.</source>
        <translation>Versiegelte Datei, schreibgeschützt. Signiert von {signer}{when} (vertrauenswürdig); seitdem hat sich nichts geändert.</translation>
    </message>
    <message>
        <source>Sealed file, read-only. Signed by {signer}{when}; this signer is NOT among your trusted keys. The content is unchanged since it was signed.</source>
        <translation>Versiegelte Datei, schreibgeschützt. Signiert von {signer}{when}; dieser Unterzeichner ist NICHT unter Ihren vertrauenswürdigen Schlüsseln. Der Inhalt ist seit der Signatur unverändert.</translation>
    </message>
    <message>
        <source>Sealed file, read-only. CHANGED since sealing by {signer}: {where}.</source>
        <translation>Versiegelte Datei, schreibgeschützt. Seit der Versiegelung durch {signer} GEÄNDERT: {where}.</translation>
    </message>
    <message>
        <source>Sealed file, read-only. The seal is broken: the signature does not match ({signer}).</source>
        <translation>Versiegelte Datei, schreibgeschützt. Das Siegel ist gebrochen: die Signatur stimmt nicht ({signer}).</translation>
    </message>
    <message>
        <source>the schema</source>
        <translation>das Schema</translation>
    </message>
    <message>
        <source>Checked on opening: every table matches the signed manifest (sealed with factaudit {version}). Make a working copy to label or edit.</source>
        <translation>Beim Öffnen geprüft: jede Tabelle entspricht dem signierten Manifest (versiegelt mit factaudit {version}). Zum Labeln oder Bearbeiten eine Arbeitskopie anlegen.</translation>
    </message>
    <message>
        <source>Make a working copy…</source>
        <translation>Arbeitskopie anlegen…</translation>
    </message>
    <message>
        <source>An unsealed, editable copy: label there and export the annotations</source>
        <translation>Eine unversiegelte, bearbeitbare Kopie: dort labeln und die Annotationen exportieren</translation>
    </message>
    <message>
        <source>Save an unsealed working copy</source>
        <translation>Unversiegelte Arbeitskopie speichern</translation>
    </message>
    <message>
        <source>factaudit projects (*.faproj)</source>
        <translation>factaudit-Projekte (*.faproj)</translation>
    </message>
    <message>
        <source>Making a working copy</source>
        <translation>Arbeitskopie wird angelegt</translation>
    </message>
    <message>
        <source>Working copy failed: {v0}</source>
        <translation>Arbeitskopie fehlgeschlagen: {v0}</translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <source>Runs offline on embedded models. The embedded verifier (SmolLM2-135M) is demo-grade: for real audits put a stronger GGUF model into &lt;b&gt;local_models/&lt;/b&gt; or use an OpenAI-compatible endpoint.</source>
        <translation>Läuft offline mit eingebetteten Modellen. Der eingebettete Prüfer (SmolLM2-135M) ist nur für Demos gedacht: für echte Audits ein stärkeres GGUF-Modell in &lt;b&gt;local_models/&lt;/b&gt; legen oder einen OpenAI-kompatiblen Endpunkt verwenden.</translation>
    </message>
    <message>
        <source>Open the black box of retrieve-then-verify fact-checking: run the pipeline, score it against expert labels, and label why it failed.</source>
        <translation>Die Blackbox des Faktenchecks „erst abrufen, dann prüfen“ öffnen: die Pipeline ausführen, gegen Expertenlabels bewerten und labeln, warum sie versagt hat.</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>Neues Projekt…</translation>
    </message>
    <message>
        <source>Create an empty project file (Ctrl+N)</source>
        <translation>Eine leere Projektdatei anlegen (Strg+N)</translation>
    </message>
    <message>
        <source>Open project…</source>
        <translation>Projekt öffnen…</translation>
    </message>
    <message>
        <source>Open a .faproj file (Ctrl+O)</source>
        <translation>Eine .faproj-Datei öffnen (Strg+O)</translation>
    </message>
    <message>
        <source>Open demo</source>
        <translation>Demo öffnen</translation>
    </message>
    <message>
        <source>SciFact claims with their abstracts and clinician-labelled MedExpert answers, built on this machine</source>
        <translation>SciFact-Behauptungen mit ihren Abstracts und von Klinikern gelabelte MedExpert-Antworten, auf diesem Rechner erstellt</translation>
    </message>
    <message>
        <source>The demo: 100 SciFact claims with 1,201 abstracts (gold evidence), and clinician-labelled MedExpert answers, sentence by sentence.</source>
        <translation>Die Demo: 100 SciFact-Behauptungen mit 1.201 Abstracts (Gold-Evidenz) und von Klinikern Satz für Satz gelabelte MedExpert-Antworten.</translation>
    </message>
    <message>
        <source>Rebuild the demo…</source>
        <translation>Demo neu erstellen…</translation>
    </message>
    <message>
        <source>Build the demo project from scratch (a few minutes in the background); Open demo opens the one already built</source>
        <translation>Das Demoprojekt von Grund auf erstellen (einige Minuten im Hintergrund); „Demo öffnen“ öffnet das bereits erstellte</translation>
    </message>
    <message>
        <source>Recent projects</source>
        <translation>Zuletzt verwendete Projekte</translation>
    </message>
    <message>
        <source>Projects you open appear here.</source>
        <translation>Projekte, die Sie öffnen, erscheinen hier.</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation>Aus der Liste entfernen</translation>
    </message>
</context>
<context>
    <name>StepRow</name>
    <message>
        <source>To do</source>
        <translation>Offen</translation>
    </message>
    <message>
        <source>Partly done</source>
        <translation>Teilweise erledigt</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Erledigt</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>Import data…</source>
        <translation>Daten importieren…</translation>
    </message>
    <message>
        <source>Decompose…</source>
        <translation>Zerlegen…</translation>
    </message>
    <message>
        <source>Retrieve…</source>
        <translation>Abrufen…</translation>
    </message>
    <message>
        <source>Show retrieval metrics</source>
        <translation>Retrieval-Kennzahlen zeigen</translation>
    </message>
    <message>
        <source>Verify…</source>
        <translation>Prüfen…</translation>
    </message>
    <message>
        <source>Open results</source>
        <translation>Ergebnisse öffnen</translation>
    </message>
    <message>
        <source>Review disagreements</source>
        <translation>Abweichungen prüfen</translation>
    </message>
    <message>
        <source>Pre-label…</source>
        <translation>Vorlabeln…</translation>
    </message>
    <message>
        <source>Label evidence</source>
        <translation>Evidenz labeln</translation>
    </message>
    <message>
        <source>Label reasoning</source>
        <translation>Begründung labeln</translation>
    </message>
    <message>
        <source>Agreement &amp;&amp; taxonomy</source>
        <translation>Übereinstimmung &amp;&amp; Taxonomie</translation>
    </message>
    <message>
        <source>Write report…</source>
        <translation>Bericht schreiben…</translation>
    </message>
    <message>
        <source>Seal…</source>
        <translation>Versiegeln…</translation>
    </message>
    <message>
        <source>The next step</source>
        <translation>Der nächste Schritt</translation>
    </message>
</context>
<context>
    <name>TabbedPage</name>
    <message>
        <source>Disagreements</source>
        <translation>Abweichungen</translation>
    </message>
    <message>
        <source>Retrieved evidence</source>
        <translation>Gefundene Evidenz</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Konflikte</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
</context>
<context>
    <name>TableModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>Sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Gold label</source>
        <translation>Gold-Label</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
</context>
<context>
    <name>TaxonomyView</name>
    <message>
        <source>Failure taxonomy</source>
        <translation>Fehlertaxonomie</translation>
    </message>
    <message>
        <source>Count LLM pre-labels too</source>
        <translation>LLM-Vorlabels mitzählen</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Retrieval runs (per claim × passage; R6 per claim)</source>
        <translation>Retrieval-Läufe (je Behauptung × Passage; R6 je Behauptung)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Verify runs (per claim × verification)</source>
        <translation>Prüfläufe (je Behauptung × Prüfung)</translation>
    </message>
    <message>
        <source>Per-dimension marginals</source>
        <translation>Randverteilungen je Dimension</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>Paare</translation>
    </message>
    <message>
        <source>Labelled</source>
        <translation>Gelabelt</translation>
    </message>
    <message>
        <source>High quality</source>
        <translation>Hohe Qualität</translation>
    </message>
    <message>
        <source>HQ decided</source>
        <translation>HQ entschieden</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <source>Dimension / step</source>
        <translation>Dimension / Schritt</translation>
    </message>
    <message>
        <source>In high-quality set</source>
        <translation>Im Hochqualitätsset</translation>
    </message>
    <message>
        <source>Codes</source>
        <translation>Codes</translation>
    </message>
    <message>
        <source>No labelled units yet: label evidence pairs or reasoning traces first.</source>
        <translation>Noch keine gelabelten Einheiten: zuerst Evidenzpaare oder Begründungen labeln.</translation>
    </message>
    <message>
        <source>human raters and LLM pre-labelers</source>
        <translation>menschlichen Bewerter und LLM-Vorlabeler</translation>
    </message>
    <message>
        <source>human raters</source>
        <translation>menschlichen Bewerter</translation>
    </message>
    <message>
        <source>Codebook v{codebook_version}; current first-pass labels of the {who} (the most recent label wins where several raters labelled a unit). Shares are over the run's labelled units.</source>
        <translation>Codebuch v{codebook_version}; aktuelle Labels des ersten Durchgangs von {who} (haben mehrere Bewerter eine Einheit gelabelt, gilt das jüngste Label). Anteile beziehen sich auf die gelabelten Einheiten des Laufs.</translation>
    </message>
</context>
<context>
    <name>VerdictView</name>
    <message>
        <source>Verify run</source>
        <translation>Prüflauf</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Behauptung</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Parse</source>
        <translation>Auswertung</translation>
    </message>
    <message>
        <source>No verify runs yet.</source>
        <translation>Noch keine Prüfläufe.</translation>
    </message>
    <message>
        <source>{v0} verdicts, {failures} parse failures (shown, never counted as a verdict); verdicts whose evidence contains suspected instructions: {v1}; verdicts their own reasoning contradicts: {v2}</source>
        <translation>{v0} Urteile, {failures} Auswertungsfehler (angezeigt, nie als Urteil gezählt); Urteile, deren Evidenz mutmaßliche Anweisungen enthält: {v1}; Urteile, denen die eigene Begründung widerspricht: {v2}</translation>
    </message>
</context>
<context>
    <name>WorkflowView</name>
    <message>
        <source>Workflow</source>
        <translation>Arbeitsablauf</translation>
    </message>
    <message>
        <source>Reading the project…</source>
        <translation>Projekt wird gelesen…</translation>
    </message>
    <message>
        <source>The project is open read-only</source>
        <translation>Das Projekt ist schreibgeschützt geöffnet</translation>
    </message>
    <message>
        <source>Skip pre-labels</source>
        <translation>Vorlabels überspringen</translation>
    </message>
    <message>
        <source>Work without LLM suggestions; you can turn them back on here</source>
        <translation>Ohne LLM-Vorschläge arbeiten; hier wieder einschaltbar</translation>
    </message>
    <message>
        <source>Reading the workflow status</source>
        <translation>Status des Arbeitsablaufs wird gelesen</translation>
    </message>
    <message>
        <source>Cannot read the project's status: {v0}</source>
        <translation>Der Projektstatus kann nicht gelesen werden: {v0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every step is done or skipped.&lt;/b&gt; Seal again after further changes.</source>
        <translation>&lt;b&gt;Jeder Schritt ist erledigt oder übersprungen.&lt;/b&gt; Nach weiteren Änderungen erneut versiegeln.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Next: {title}.&lt;/b&gt; {purpose}</source>
        <translation>&lt;b&gt;Als Nächstes: {title}.&lt;/b&gt; {purpose}</translation>
    </message>
    <message>
        <source>Use pre-labels</source>
        <translation>Vorlabels verwenden</translation>
    </message>
</context>
<context>
    <name>data_view</name>
    <message>
        <source>Freeze dataset</source>
        <translation>Datensatz einfrieren</translation>
    </message>
</context>
<context>
    <name>dataset_actions</name>
    <message>
        <source>Rename dataset</source>
        <translation>Datensatz umbenennen</translation>
    </message>
    <message>
        <source>New name for {name}:</source>
        <translation>Neuer Name für {name}:</translation>
    </message>
    <message>
        <source>Renamed; the settings of {v0} keep the old name {name}</source>
        <translation>Umbenannt; die Einstellungen von {v0} behalten den alten Namen {name}</translation>
    </message>
    <message>
        <source>Renaming the dataset</source>
        <translation>Datensatz wird umbenannt</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>Chinesisch</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Französisch</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Spanisch</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italienisch</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Niederländisch</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>Portugiesisch</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japanisch</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>Koreanisch</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>Russisch</translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation>Schwedisch</translation>
    </message>
    <message>
        <source>Detect again from the texts</source>
        <translation>Erneut aus den Texten erkennen</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Dataset language</source>
        <translation>Sprache des Datensatzes</translation>
    </message>
    <message>
        <source>Language of {name}: pick one or type an ISO 639-1 code.
BM25 uses its stemmer and word rules; runs made before keep theirs.</source>
        <translation>Sprache von {name}: eine wählen oder einen ISO-639-1-Code eingeben.
BM25 verwendet deren Stemmer und Wortregeln; frühere Läufe behalten ihre.</translation>
    </message>
    <message>
        <source>{name}: {v0}; new retrieval runs use it</source>
        <translation>{name}: {v0}; neue Retrieval-Läufe verwenden sie</translation>
    </message>
    <message>
        <source>Setting the dataset language</source>
        <translation>Sprache des Datensatzes wird gesetzt</translation>
    </message>
    <message>
        <source>Delete dataset</source>
        <translation>Datensatz löschen</translation>
    </message>
    <message>
        <source>{name} is frozen; unfreeze it before deleting it.</source>
        <translation>{name} ist eingefroren; vor dem Löschen auftauen.</translation>
    </message>
    <message>
        <source>{name} stays: it is used by {v0}.</source>
        <translation>{name} bleibt: es wird von {v0} verwendet.</translation>
    </message>
    <message>
        <source>Delete {name} and all its records? This cannot be undone.</source>
        <translation>{name} und alle seine Einträge löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Deleting the dataset</source>
        <translation>Datensatz wird gelöscht</translation>
    </message>
    <message>
        <source>Checking the dataset</source>
        <translation>Datensatz wird geprüft</translation>
    </message>
</context>
<context>
    <name>long_run</name>
    <message>
        <source>Start with {n:,}</source>
        <translation>Mit {n:,} beginnen</translation>
    </message>
    <message>
        <source>Run all {n_units:,}</source>
        <translation>Alle {n_units:,} ausführen</translation>
    </message>
</context>
<context>
    <name>page_parts</name>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
</context>
<context>
    <name>results_view</name>
    <message>
        <source>Report written to {out} ({v0} files).</source>
        <translation>Bericht nach {out} geschrieben ({v0} Dateien).</translation>
    </message>
</context>
<context>
    <name>review_detail</name>
    <message>
        <source>a high-quality passage is in the top k</source>
        <translation>eine hochwertige Passage ist unter den Top k</translation>
    </message>
    <message>
        <source>no high-quality passage</source>
        <translation>keine hochwertige Passage</translation>
    </message>
    <message>
        <source>evidence not fully labelled</source>
        <translation>Evidenz nicht vollständig gelabelt</translation>
    </message>
</context>
<context>
    <name>verdicts</name>
    <message>
        <source>Supported</source>
        <translation>Gestützt</translation>
    </message>
    <message>
        <source>Refuted</source>
        <translation>Widerlegt</translation>
    </message>
    <message>
        <source>No Evidence</source>
        <translation>Keine Evidenz</translation>
    </message>
    <message>
        <source>Ambiguous</source>
        <translation>Mehrdeutig</translation>
    </message>
</context>
<context>
    <name>workflow_actions</name>
    <message>
        <source>Cannot open</source>
        <translation>Kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>This step cannot be opened: {v0}</source>
        <translation>Dieser Schritt kann nicht geöffnet werden: {v0}</translation>
    </message>
    <message>
        <source>Evaluate retrieval</source>
        <translation>Retrieval bewerten</translation>
    </message>
    <message>
        <source>Retrieve passages for the claims first.</source>
        <translation>Zuerst Passagen für die Behauptungen abrufen.</translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation>Schnellstart</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
</context>
</TS>
