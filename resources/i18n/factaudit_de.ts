<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AdjudicationView</name>
    <message>
        <source>No disagreements: {people} agree on every one of the {n} units they both labelled.</source>
        <translation>Keine Abweichungen: {people} stimmen bei allen {n} Einheiten überein, die beide gelabelt haben.</translation>
    </message>
    <message>
        <source>No disagreements: {people} labelled no unit in common, so there is nothing to compare (send the units labelled here: File › Send to a rater…).</source>
        <translation>Keine Abweichungen: {people} haben keine gemeinsame Einheit gelabelt, es gibt nichts zu vergleichen (die hier gelabelten Einheiten senden: Datei › An einen Bewerter senden…).</translation>
    </message>
    <message>
        <source>No disagreements: only one rater has labelled yet (File › Send to a rater… asks a second one; File › Merge returned labels… brings their labels in).</source>
        <translation>Keine Abweichungen: Bisher hat nur ein Bewerter gelabelt (Datei › An einen Bewerter senden… fragt einen zweiten; Datei › Zurückgegebene Labels zusammenführen… übernimmt dessen Labels).</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Dimension / step</source>
        <translation>Dimension / Schritt</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Endgültig</translation>
    </message>
    <message>
        <source>Raters' codes</source>
        <translation>Codes der Bewerter</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Korrekt</translation>
    </message>
    <message>
        <source>Contains an error</source>
        <translation>Enthält einen Fehler</translation>
    </message>
    <message>
        <source>All targets</source>
        <translation>Alle Ziele</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidenz</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>Evidenz</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>Disagreements between raters</source>
        <translation>Abweichungen zwischen Bewertern</translation>
    </message>
    <message>
        <source>Adjudicator:</source>
        <translation>Schlichter:</translation>
    </message>
    <message>
        <source>Stored as adjudicator:&lt;name&gt; with every final code</source>
        <translation>Wird mit jedem endgültigen Code als adjudicator:&lt;name&gt; gespeichert</translation>
    </message>
    <message>
        <source>Final code (press its digit):</source>
        <translation>Endgültiger Code (seine Ziffer drücken):</translation>
    </message>
    <message>
        <source>optional note on the decision</source>
        <translation>optionale Notiz zur Entscheidung</translation>
    </message>
    <message>
        <source>Keys: 1–9 record the final code · ↑/↓ or J/K move · the next unit without one opens after</source>
        <translation>Tasten: 1–9 speichern den endgültigen Code · ↑/↓ oder J/K wechseln · danach öffnet sich die nächste Einheit ohne Code</translation>
    </message>
    <message>
        <source>Reading rater disagreements</source>
        <translation>Abweichungen der Bewerter werden gelesen</translation>
    </message>
    <message>
        <source>Could not read the disagreements</source>
        <translation>Die Abweichungen konnten nicht gelesen werden</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>{v0} disagreements, {done} adjudicated. Agreement figures are computed before adjudication; taxonomy, triage, certification and the report use the final codes.</source>
        <translation>{v0} Abweichungen, {done} geschlichtet. Übereinstimmungswerte werden vor der Schlichtung berechnet; Taxonomie, Triage, Zertifizierung und Bericht verwenden die endgültigen Codes.</translation>
    </message>
    <message>
        <source>Sentence label</source>
        <translation>Satz-Label</translation>
    </message>
    <message>
        <source>   ✓ final</source>
        <translation>   ✓ endgültig</translation>
    </message>
    <message>
        <source>&lt;i&gt;(sentence not found)&lt;/i&gt;</source>
        <translation>&lt;i&gt;(Satz nicht gefunden)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Question:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Frage:&lt;/b&gt; {text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Sentence:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Satz:&lt;/b&gt; {text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Answer:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Antwort:&lt;/b&gt; {text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Claim:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Behauptung:&lt;/b&gt; {text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Passage {id}:&lt;/b&gt;&lt;br&gt;{title}{text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Passage {id}:&lt;/b&gt;&lt;br&gt;{title}{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Verifier's reasoning&lt;/b&gt; ({verdict}):&lt;br&gt;{text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Begründung des Prüfmodells&lt;/b&gt; ({verdict}):&lt;br&gt;{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{v0} has codes 1–{v1}.</source>
        <translation>{v0} hat die Codes 1–{v1}.</translation>
    </message>
    <message>
        <source>The project is open read-only.</source>
        <translation>Das Projekt ist schreibgeschützt geöffnet.</translation>
    </message>
    <message>
        <source>recording the final code</source>
        <translation>endgültiger Code wird gespeichert</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>Nicht gespeichert: {v0}</translation>
    </message>
</context>
<context>
    <name>AggregateDialog</name>
    <message>
        <source>Deterministic rules, no model: seconds per hundred questions.</source>
        <translation>Deterministische Regeln, kein Modell: Sekunden pro hundert Fragen.</translation>
    </message>
    <message>
        <source>Reads the documents' gold answers: privileged, not deployable. It measures what imperfect extraction costs.</source>
        <translation>Liest die Gold-Antworten der Dokumente: privilegiert, nicht einsetzbar. Es misst, was eine unvollkommene Extraktion kostet.</translation>
    </message>
    <message>
        <source>Calls the model once or more per document: minutes per question with the embedded model.</source>
        <translation>Ruft das Modell je Dokument einmal oder öfter auf: mit dem eingebetteten Modell Minuten pro Frage.</translation>
    </message>
    <message>
        <source>Answer from documents</source>
        <translation>Aus Dokumenten beantworten</translation>
    </message>
    <message>
        <source>{name} ({n} questions)</source>
        <translation>{name} ({n} Fragen)</translation>
    </message>
    <message>
        <source>{id}: top-k passages of a retrieval run</source>
        <translation>{id}: Top-k-Passagen eines Retrieval-Laufs</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Passages (k)</source>
        <translation>Passagen (k)</translation>
    </message>
    <message>
        <source>{name} (privileged)</source>
        <translation>{name} (privilegiert)</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>all questions</source>
        <translation>alle Fragen</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>Unfinished run</source>
        <translation>Unvollständiger Lauf</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Beantworten</translation>
    </message>
    <message>
        <source>No questions with documents in this project: import a RAMDocs-style dataset (File › Import), or retrieve passages for your questions first.</source>
        <translation>Keine Fragen mit Dokumenten in diesem Projekt: einen Datensatz im RAMDocs-Format importieren (Datei › Daten importieren…) oder zuerst Passagen für die Fragen abrufen.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Answering from documents</source>
        <translation>Beantwortung aus Dokumenten</translation>
    </message>
    <message>
        <source>Cancelled; the answers so far are kept and Resume finishes the run.</source>
        <translation>Abgebrochen; die bisherigen Antworten bleiben erhalten, Fortsetzen beendet den Lauf.</translation>
    </message>
    <message>
        <source>{run_id} ({variant}): {n_items} questions answered in {seconds} s. Review › Conflicts shows the figures and each question.</source>
        <translation>{run_id} ({variant}): {n_items} Fragen in {seconds} s beantwortet. Prüfung › Konflikte zeigt die Kennzahlen und jede Frage.</translation>
    </message>
    <message>
        <source> The answers so far are kept; Resume continues {run}.</source>
        <translation> Die bisherigen Antworten bleiben erhalten; Fortsetzen setzt {run} fort.</translation>
    </message>
    <message>
        <source>Failed: {v0}.{hint}</source>
        <translation>Fehlgeschlagen: {v0}.{hint}</translation>
    </message>
</context>
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
        <source>α: Krippendorff's alpha (nominal, missing values allowed) over first-pass labels; κ: Cohen's kappa on the units both raters labelled; intervals: percentile bootstrap over units ({n_resamples} resamples, seed 42). A rater paired with “&lt;name&gt;:retest” is test–retest agreement. The pull compares a human's agreement with an LLM pre-labeler on labels made blind and labels made after the pre-label was revealed.</source>
        <translation>α: Krippendorffs Alpha (nominal, fehlende Werte erlaubt) über die Labels des ersten Durchgangs; κ: Cohens Kappa auf den Einheiten, die beide Bewerter gelabelt haben; Intervalle: Perzentil-Bootstrap über Einheiten ({n_resamples} Stichproben, Seed 42). Ein mit „&lt;name&gt;:retest“ gepaarter Bewerter ist Test-Retest-Übereinstimmung. Der Sog vergleicht die Übereinstimmung eines Menschen mit einem LLM-Vorlabeler bei blind vergebenen Labels und bei Labels nach dem Aufdecken des Vorlabels.</translation>
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
    <message>
        <source>two people</source>
        <translation>zwei Personen</translation>
    </message>
    <message>
        <source>person and LLM</source>
        <translation>Person und LLM</translation>
    </message>
    <message>
        <source>two LLMs</source>
        <translation>zwei LLMs</translation>
    </message>
    <message>
        <source>test–retest</source>
        <translation>Test–Retest</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>Evidenz</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>Sentence label</source>
        <translation>Satz-Label</translation>
    </message>
</context>
<context>
    <name>AnnotatorChoice</name>
    <message>
        <source>Who is labelling?</source>
        <translation>Wer labelt?</translation>
    </message>
    <message>
        <source>Your name, stored with every label and triage decision you make in this project:</source>
        <translation>Ihr Name, gespeichert mit jedem Label und jeder Triage-Entscheidung, die Sie in diesem Projekt treffen:</translation>
    </message>
    <message>
        <source>not set yet (asked at the first label)</source>
        <translation>noch nicht festgelegt (wird beim ersten Label erfragt)</translation>
    </message>
    <message>
        <source>Your name, stored with every label you make in this project:</source>
        <translation>Ihr Name, gespeichert mit jedem Label, das Sie in diesem Projekt vergeben:</translation>
    </message>
    <message>
        <source>Nothing labelled: give your name first (it is stored with every label).</source>
        <translation>Nichts gelabelt: zuerst den Namen angeben (er wird mit jedem Label gespeichert).</translation>
    </message>
</context>
<context>
    <name>AnswersView</name>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Strict</source>
        <translation>Streng</translation>
    </message>
    <message>
        <source>Lost in</source>
        <translation>Verloren in</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>missed</source>
        <translation>verpasst</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>Retrieval</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>Generierung</translation>
    </message>
    <message>
        <source>terminology</source>
        <translation>Terminologie</translation>
    </message>
    <message>
        <source>data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>misread</source>
        <translation>fehlgelesen</translation>
    </message>
    <message>
        <source>made up</source>
        <translation>erfunden</translation>
    </message>
    <message>
        <source>acceptable</source>
        <translation>akzeptabel</translation>
    </message>
    <message>
        <source>not acceptable</source>
        <translation>nicht akzeptabel</translation>
    </message>
    <message>
        <source>{n} items: strict {strict}, intermediate {intermediate}, lenient {lenient}</source>
        <translation>{n} Einträge: streng {strict}, mittel {intermediate}, nachsichtig {lenient}</translation>
    </message>
    <message>
        <source>acceptable (expert review, {reviewed} of {sampled}) {rate} against strict {strict} on those items — strict &amp; acceptable {sa}, strict &amp; not {sn}, not strict &amp; acceptable {na}, neither {nn}</source>
        <translation>akzeptabel (Expertenprüfung, {reviewed} von {sampled}) {rate} gegenüber streng {strict} auf diesen Einträgen — streng &amp; akzeptabel {sa}, streng &amp; nicht {sn}, nicht streng &amp; akzeptabel {na}, keines von beiden {nn}</translation>
    </message>
    <message>
        <source>evidence coverage {coverage}, faithfulness {faithfulness}; missed: retrieval {retrieval}, generation {generation}, terminology {terminology}; wrong: made up {made_up}, misread {misread}</source>
        <translation>Evidenzabdeckung {coverage}, Treue {faithfulness}; verpasst: Retrieval {retrieval}, Generierung {generation}, Terminologie {terminology}; falsch: erfunden {made_up}, fehlgelesen {misread}</translation>
    </message>
    <message>
        <source>refusals {rate}</source>
        <translation>Verweigerungen {rate}</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>Frage:</translation>
    </message>
    <message>
        <source>Gold options:</source>
        <translation>Gold-Optionen:</translation>
    </message>
    <message>
        <source>Chosen:</source>
        <translation>Gewählt:</translation>
    </message>
    <message>
        <source>Tier:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>Kategorie:</translation>
    </message>
    <message>
        <source>Reference answer:</source>
        <translation>Referenzantwort:</translation>
    </message>
    <message>
        <source>Lost:</source>
        <translation>Verloren:</translation>
    </message>
    <message>
        <source>Review:</source>
        <translation>Prüfung:</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>verweigert</translation>
    </message>
    <message>
        <source>Passages the system saw</source>
        <translation>Passagen, die das System sah</translation>
    </message>
    <message>
        <source>The record does not list the passages the system saw.</source>
        <translation>Der Datensatz nennt die Passagen nicht, die das System sah.</translation>
    </message>
    <message>
        <source> (cited)</source>
        <translation> (zitiert)</translation>
    </message>
    <message>
        <source>Gold passages</source>
        <translation>Gold-Passagen</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Lauf:</translation>
    </message>
    <message>
        <source>Draw review sample (15 %)</source>
        <translation>Prüfstichprobe ziehen (15 %)</translation>
    </message>
    <message>
        <source>A stratified (by risk tier), seeded sample of the run's answers for expert review</source>
        <translation>Eine nach Risikostufe geschichtete Stichprobe (fester Seed) der Antworten des Laufs zur Expertenprüfung</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Notiz:</translation>
    </message>
    <message>
        <source>optional note, then A = acceptable, N = not acceptable (Alt+A / Alt+N while typing)</source>
        <translation>optionale Notiz, dann A = akzeptabel, N = nicht akzeptabel (beim Tippen Alt+A / Alt+N)</translation>
    </message>
    <message>
        <source>&amp;Acceptable</source>
        <translation>&amp;Akzeptabel</translation>
    </message>
    <message>
        <source>&amp;Not acceptable</source>
        <translation>&amp;Nicht akzeptabel</translation>
    </message>
    <message>
        <source>Reading answers</source>
        <translation>Antworten werden gelesen</translation>
    </message>
    <message>
        <source>Could not read the run</source>
        <translation>Der Lauf konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>No choices runs yet: import the answers a system gave with File › Import data… (Ctrl+I), kind “choices”.</source>
        <translation>Noch keine Auswahl-Läufe: die Antworten eines Systems mit Datei › Daten importieren… (Strg+I) importieren, Art „choices“.</translation>
    </message>
    <message>
        <source>Review sample {sample}: {n} answers.</source>
        <translation>Prüfstichprobe {sample}: {n} Antworten.</translation>
    </message>
    <message>
        <source>{n} failed answers (draw a review sample to judge answers).</source>
        <translation>{n} nicht bestandene Antworten (eine Prüfstichprobe ziehen, um Antworten zu beurteilen).</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Drawing a review sample</source>
        <translation>Prüfstichprobe wird gezogen</translation>
    </message>
    <message>
        <source>Could not draw a sample: {v0}</source>
        <translation>Stichprobe konnte nicht gezogen werden: {v0}</translation>
    </message>
    <message>
        <source>Saving the review</source>
        <translation>Prüfung wird gespeichert</translation>
    </message>
    <message>
        <source>Could not save: {v0}</source>
        <translation>Konnte nicht speichern: {v0}</translation>
    </message>
    <message>
        <source>(penalty {penalty} per wrong option)</source>
        <translation>(Abzug {penalty} je falscher Option)</translation>
    </message>
    <message>
        <source>Lenient penalty:</source>
        <translation>Abzug bei nachsichtiger Bewertung:</translation>
    </message>
    <message>
        <source>What the lenient score takes off per wrong option chosen (0 to 1); the report uses the last value chosen here</source>
        <translation>Was die nachsichtige Bewertung je gewählter falscher Option abzieht (0 bis 1); der Bericht verwendet den hier zuletzt gewählten Wert</translation>
    </message>
    <message>
        <source>Gold options</source>
        <translation>Gold-Optionen</translation>
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
    <name>BrokenPage</name>
    <message>
        <source>The {name} page cannot be shown: {reason}</source>
        <translation>Die Seite „{name}“ kann nicht angezeigt werden: {reason}</translation>
    </message>
</context>
<context>
    <name>CertifyPanel</name>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Estimate [95% CI]</source>
        <translation>Schätzung [95%-KI]</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Grundlage</translation>
    </message>
    <message>
        <source>Interval</source>
        <translation>Intervall</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>claim</source>
        <translation>Behauptung</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>{k} of {n}</source>
        <translation>{k} von {n}</translation>
    </message>
    <message>
        <source>Target half-width ±</source>
        <translation>Ziel-Halbbreite ±</translation>
    </message>
    <message>
        <source>The prediction-powered interval's half-width to reach: says how many more labels it takes</source>
        <translation>Die zu erreichende Halbbreite des prädiktionsgestützten Intervalls: zeigt, wie viele Labels noch nötig sind</translation>
    </message>
    <message>
        <source>Draw these units…</source>
        <translation>Diese Einheiten ziehen…</translation>
    </message>
    <message>
        <source>Write that many unlabelled units (stratified by the verifier's flag and the dataset) to a file, to label or to send to a rater</source>
        <translation>So viele ungelabelte Einheiten (geschichtet nach Markierung des Prüfmodells und Datensatz) in eine Datei schreiben, zum Labeln oder zum Senden an einen Bewerter</translation>
    </message>
    <message>
        <source>Send them to a rater…</source>
        <translation>An einen Bewerter senden…</translation>
    </message>
    <message>
        <source>No finished verify run to certify: verify claims or import verdicts first.</source>
        <translation>Kein abgeschlossener Prüflauf zum Zertifizieren: zuerst Behauptungen prüfen oder Urteile importieren.</translation>
    </message>
    <message>
        <source>Certifying…</source>
        <translation>Wird zertifiziert…</translation>
    </message>
    <message>
        <source>Certifying the run</source>
        <translation>Der Lauf wird zertifiziert</translation>
    </message>
    <message>
        <source>&lt;b&gt;{run}&lt;/b&gt; ({mapping}, {level} level): {n} labelled {units} ({source}, {errors} errors) and {unlabelled} unlabelled. "Error" = the expert says the {unit} contains one; the verifier flags it under {mapping}.</source>
        <translation>&lt;b&gt;{run}&lt;/b&gt; ({mapping}, Ebene {level}): {n} gelabelte {units} ({source}, {errors} Fehler) und {unlabelled} ungelabelte. „Fehler“ = der Experte sagt, die Einheit ({unit}) enthält einen; das Prüfmodell markiert sie unter {mapping}.</translation>
    </message>
    <message>
        <source>Sensitivity (flags a real error)</source>
        <translation>Sensitivität (markiert einen echten Fehler)</translation>
    </message>
    <message>
        <source>Specificity (passes a correct unit)</source>
        <translation>Spezifität (lässt eine korrekte Einheit durch)</translation>
    </message>
    <message>
        <source>Error rate, labels only</source>
        <translation>Fehlerrate, nur Labels</translation>
    </message>
    <message>
        <source>Error rate, verifier alone</source>
        <translation>Fehlerrate, nur Prüfmodell</translation>
    </message>
    <message>
        <source>{n} units</source>
        <translation>{n} Einheiten</translation>
    </message>
    <message>
        <source>none: share flagged, carries the verifier's bias</source>
        <translation>keines: markierter Anteil, trägt die Verzerrung des Prüfmodells</translation>
    </message>
    <message>
        <source>Error rate, prediction-powered</source>
        <translation>Fehlerrate, prädiktionsgestützt</translation>
    </message>
    <message>
        <source>{labels} labels + {verdicts} verdicts</source>
        <translation>{labels} Labels + {verdicts} Urteile</translation>
    </message>
    <message>
        <source>CLT (PPI)</source>
        <translation>ZGS (PPI)</translation>
    </message>
    <message>
        <source>now {value}</source>
        <translation>jetzt {value}</translation>
    </message>
    <message>
        <source>no interval yet</source>
        <translation>noch kein Intervall</translation>
    </message>
    <message>
        <source>To bring the prediction-powered half-width to {target} ({now_text}): &lt;b&gt;{more} more labelled {units}&lt;/b&gt;.</source>
        <translation>Um die prädiktionsgestützte Halbbreite auf {target} zu bringen ({now_text}): &lt;b&gt;{more} weitere gelabelte {units}&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>The prediction-powered half-width is already within {target} ({now_text}).</source>
        <translation>Die prädiktionsgestützte Halbbreite liegt bereits innerhalb von {target} ({now_text}).</translation>
    </message>
    <message>
        <source>Half-width {target}: {v0}.</source>
        <translation>Halbbreite {target}: {v0}.</translation>
    </message>
    <message>
        <source>not reachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>Hinweis: {note}</translation>
    </message>
    <message>
        <source>Note: the prediction-powered interval is wider than the labels' own: the verifier's flags disagree with the labels too often to help here, so more labels (or a better verifier) narrow it, not more verdicts.</source>
        <translation>Hinweis: Das prädiktionsgestützte Intervall ist breiter als das der Labels allein: Die Markierungen des Prüfmodells weichen zu oft von den Labels ab, um hier zu helfen; es verengen also mehr Labels (oder ein besseres Prüfmodell), nicht mehr Urteile.</translation>
    </message>
    <message>
        <source>Units to label</source>
        <translation>Zu labelnde Einheiten</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Drawing {n} {units}…</source>
        <translation>{n} {units} werden gezogen…</translation>
    </message>
    <message>
        <source>Drawing units to label</source>
        <translation>Zu labelnde Einheiten werden gezogen</translation>
    </message>
    <message>
        <source>Not drawn: {v0}</source>
        <translation>Nicht gezogen: {v0}</translation>
    </message>
    <message>
        <source>Wrote {n} {units} to label to {name} (stratified by the verifier's flag and the dataset). Label them, or send them to a rater.</source>
        <translation>{n} zu labelnde {units} nach {name} geschrieben (geschichtet nach Markierung des Prüfmodells und Datensatz). Selbst labeln oder an einen Bewerter senden.</translation>
    </message>
    <message>
        <source>Every unit is labelled: the error rate is the labels' own, {value}; there is nothing left to draw.</source>
        <translation>Jede Einheit ist gelabelt: Die Fehlerrate ist die der Labels selbst, {value}; es bleibt nichts zu ziehen.</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>Experte</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>entschieden</translation>
    </message>
    <message>
        <source>Gold:</source>
        <translation>Goldstandard:</translation>
    </message>
    <message>
        <source>The labels that count as truth: certify's default (adjudicated, else the expert's, else a merged rater's; at claim level the expert's and the claims' gold labels), the expert's, the adjudicated ones, or one rater's</source>
        <translation>Die Labels, die als Wahrheit gelten: der Standard der Zertifizierung (entschiedene, sonst die des Experten, sonst die eines zusammengeführten Bewerters; auf Behauptungsebene die des Experten und die Gold-Labels der Behauptungen), die des Experten, die entschiedenen oder die eines Bewerters</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Gold: {gold}.</source>
        <translation>Goldstandard: {gold}.</translation>
    </message>
</context>
<context>
    <name>CodebookEditor</name>
    <message>
        <source>Evidence dimensions (per claim × passage)</source>
        <translation>Evidenzdimensionen (je Behauptung × Passage)</translation>
    </message>
    <message>
        <source>Reasoning steps (per claim × verification)</source>
        <translation>Begründungsschritte (je Behauptung × Prüfung)</translation>
    </message>
    <message>
        <source>Codebook</source>
        <translation>Codebuch</translation>
    </message>
    <message>
        <source>Version:</source>
        <translation>Version:</translation>
    </message>
    <message>
        <source>Dimension / code</source>
        <translation>Dimension / Code</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>+ Dimension</source>
        <translation>+ Dimension</translation>
    </message>
    <message>
        <source>+ Code</source>
        <translation>+ Code</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Notiz:</translation>
    </message>
    <message>
        <source>What changed (stored with the version)</source>
        <translation>Was sich geändert hat (mit der Version gespeichert)</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Save as new version</source>
        <translation>Als neue Version speichern</translation>
    </message>
    <message>
        <source> (latest)</source>
        <translation> (neueste)</translation>
    </message>
    <message>
        <source> (latest is v{latest}; saving builds on this one)</source>
        <translation> (neueste ist v{latest}; Speichern baut auf dieser auf)</translation>
    </message>
    <message>
        <source>Codebook v{version}{latest}: {v0} evidence dimensions, {v1} reasoning steps, {n_codes} codes. Saving stores a new version; existing labels keep the version they were made under.</source>
        <translation>Codebuch v{version}{latest}: {v0} Evidenzdimensionen, {v1} Begründungsschritte, {n_codes} Codes. Speichern legt eine neue Version an; vorhandene Labels behalten die Version, unter der sie entstanden.</translation>
    </message>
    <message>
        <source>New dimension</source>
        <translation>Neue Dimension</translation>
    </message>
    <message>
        <source>New step</source>
        <translation>Neuer Schritt</translation>
    </message>
    <message>
        <source>Code {n}</source>
        <translation>Code {n}</translation>
    </message>
    <message>
        <source>Saving the codebook</source>
        <translation>Codebuch wird gespeichert</translation>
    </message>
    <message>
        <source> Nothing changed, so no new version was made.</source>
        <translation> Nichts geändert, daher keine neue Version.</translation>
    </message>
    <message>
        <source>Not saved — fix these first:</source>
        <translation>Nicht gespeichert — zuerst dies beheben:</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>Nicht gespeichert: {v0}</translation>
    </message>
    <message>
        <source>Discard the unsaved codebook changes?</source>
        <translation>Die ungespeicherten Änderungen am Codebuch verwerfen?</translation>
    </message>
</context>
<context>
    <name>CodebookForms</name>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>R1: Entity mismatch
V1: Selective coverage</source>
        <translation>R1: Entitäten passen nicht
V1: Selektive Abdeckung</translation>
    </message>
    <message>
        <source>Patterns
(one “id: name” a line):</source>
        <translation>Muster
(je Zeile ein „id: Name“):</translation>
    </message>
    <message>
        <source>Choose a dimension or a code on the left to edit it. Failure codes name the taxonomy pattern they feed (R1–R6 retrieval, V1–V6 verification).</source>
        <translation>Links eine Dimension oder einen Code zum Bearbeiten wählen. Fehlercodes nennen das Taxonomie-Muster, in das sie eingehen (R1–R6 Retrieval, V1–V6 Prüfung).</translation>
    </message>
    <message>
        <source>lower_snake_case; annotation files use this id</source>
        <translation>lower_snake_case; Annotationsdateien verwenden diese ID</translation>
    </message>
    <message>
        <source>Id:</source>
        <translation>ID:</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>Frage:</translation>
    </message>
    <message>
        <source>lower_snake_case, unique within its dimension</source>
        <translation>lower_snake_case, eindeutig innerhalb der Dimension</translation>
    </message>
    <message>
        <source>Definition:</source>
        <translation>Definition:</translation>
    </message>
    <message>
        <source>One example a line</source>
        <translation>Ein Beispiel je Zeile</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>Beispiele:</translation>
    </message>
    <message>
        <source>The failure pattern this code feeds; empty for codes that are not failures</source>
        <translation>Das Fehlermuster, in das dieser Code eingeht; leer bei Codes, die keine Fehler sind</translation>
    </message>
    <message>
        <source>Pattern:</source>
        <translation>Muster:</translation>
    </message>
    <message>
        <source>Counts as high quality on this dimension</source>
        <translation>Zählt in dieser Dimension als hochwertig</translation>
    </message>
    <message>
        <source>Marks the passage off topic (for R6, nothing relevant retrieved)</source>
        <translation>Markiert die Passage als themenfremd (für R6: nichts Relevantes gefunden)</translation>
    </message>
</context>
<context>
    <name>ConflictRunsSection</name>
    <message>
        <source>No aggregate run has answered an item yet. Run conflict-aware answering (Workflow › Aggregate) on a dataset with document answers to score it here.</source>
        <translation>Noch kein Aggregationslauf hat ein Item beantwortet. Führen Sie konfliktbewusstes Antworten (Arbeitsablauf › Aggregieren) auf einem Datensatz mit Dokumentantworten aus, um es hier zu bewerten.</translation>
    </message>
    <message>
        <source>Each aggregate run over the items it answered, against the gold answers: the five conflict metrics with bootstrap 95% intervals ({n} resamples). A privileged variant (oracle) sees the gold and is a ceiling, not a method.</source>
        <translation>Jeder Aggregationslauf über die von ihm beantworteten Items, gegen die Goldantworten: die fünf Konfliktmetriken mit Bootstrap-95-%-Intervallen ({n} Stichproben). Eine privilegierte Variante (Orakel) sieht den Goldstandard und ist eine Obergrenze, keine Methode.</translation>
    </message>
    <message>
        <source>{run}: its items by evidence condition (an item can carry several), conflict type (conflict items only) and question language.</source>
        <translation>{run}: seine Items nach Evidenzbedingung (ein Item kann mehrere tragen), Konflikttyp (nur Konflikt-Items) und Sprache der Frage.</translation>
    </message>
    <message>
        <source>{run}: its items fall in one group of each breakdown, so the run's row says it all.</source>
        <translation>{run}: seine Items fallen in jeder Aufschlüsselung in eine einzige Gruppe, die Zeile des Laufs sagt also alles.</translation>
    </message>
    <message>
        <source>{n} items are not answered yet.</source>
        <translation>{n} Items sind noch nicht beantwortet.</translation>
    </message>
</context>
<context>
    <name>ConflictsView</name>
    <message>
        <source>same as the oracle</source>
        <translation>wie das Orakel</translation>
    </message>
    <message>
        <source>extraction</source>
        <translation>Extraktion</translation>
    </message>
    <message>
        <source>repair</source>
        <translation>Reparatur</translation>
    </message>
    <message>
        <source>grouping</source>
        <translation>Gruppierung</translation>
    </message>
    <message>
        <source>aggregation</source>
        <translation>Aggregation</translation>
    </message>
    <message>
        <source>single call</source>
        <translation>Einzelaufruf</translation>
    </message>
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
        <source>Question:</source>
        <translation>Frage:</translation>
    </message>
    <message>
        <source>Gold answers:</source>
        <translation>Gold-Antworten:</translation>
    </message>
    <message>
        <source>Conditions:</source>
        <translation>Bedingungen:</translation>
    </message>
    <message>
        <source>Diverged from the oracle at:</source>
        <translation>Abweichung vom Orakel bei:</translation>
    </message>
    <message>
        <source>Doc</source>
        <translation>Dok.</translation>
    </message>
    <message>
        <source>Lang</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Quote</source>
        <translation>Zitat</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>Reparatur</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>none ({status})</source>
        <translation>keine ({status})</translation>
    </message>
    <message>
        <source>Groups (by {rule})</source>
        <translation>Gruppen (nach {rule})</translation>
    </message>
    <message>
        <source>Single call: no per-document stages.</source>
        <translation>Einzelaufruf: keine Stufen je Dokument.</translation>
    </message>
    <message>
        <source>Output ({kind})</source>
        <translation>Ausgabe ({kind})</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Strict: {strict}; conflict-aware success: {success}; model calls: {calls}</source>
        <translation>Streng: {strict}; konfliktbewusster Erfolg: {success}; Modellaufrufe: {calls}</translation>
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
        <source>Reading conflicts</source>
        <translation>Konflikte werden gelesen</translation>
    </message>
    <message>
        <source>Could not read the run</source>
        <translation>Der Lauf konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>No aggregate runs yet: press “Answer from documents…” to answer the questions of a dataset whose items carry documents (rules take seconds, no model).</source>
        <translation>Noch keine Aggregationsläufe: „Aus Dokumenten antworten…“ drücken, um die Fragen eines Datensatzes mit Dokumenten zu beantworten (Regeln brauchen Sekunden, kein Modell).</translation>
    </message>
    <message>
        <source>{v0} items, {v1} conflict items: {figures}{note}</source>
        <translation>{v0} Einträge, {v1} Konflikteinträge: {figures}{note}</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>Konflikt</translation>
    </message>
    <message>
        <source>no conflict</source>
        <translation>kein Konflikt</translation>
    </message>
    <message>
        <source>misinformation</source>
        <translation>Falschinformation</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>Rauschen</translation>
    </message>
    <message>
        <source>ambiguous</source>
        <translation>mehrdeutig</translation>
    </message>
    <message>
        <source>bilingual</source>
        <translation>zweisprachig</translation>
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
        <source>documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>Passagen</translation>
    </message>
    <message>
        <source>items</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>Vorhersagen</translation>
    </message>
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
        <source>yes</source>
        <translation>ja</translation>
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
    <message>
        <source>The complete record could not be read: {error}</source>
        <translation>Der vollständige Datensatz konnte nicht gelesen werden: {error}</translation>
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
        <source>{name} ({n} sentences)</source>
        <translation>{name} ({n} Sätze)</translation>
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
        <source>{run_id}: {n_claims} claims from {n_sentences} sentences of {n_items} answers in {seconds} s.</source>
        <translation>{run_id}: {n_claims} Behauptungen aus {n_sentences} Sätzen von {n_items} Antworten in {seconds} s.</translation>
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
    <message>
        <source>correct</source>
        <translation>korrekt</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>unlabelled</source>
        <translation>ungelabelt</translation>
    </message>
    <message>
        <source>Select a row to see its full text.</source>
        <translation>Eine Zeile wählen, um ihren vollständigen Text zu sehen.</translation>
    </message>
    <message>
        <source>Answer, {n} sentences</source>
        <translation>Antwort, {n} Sätze</translation>
    </message>
    <message>
        <source>Gold evidence ({n})</source>
        <translation>Gold-Evidenz ({n})</translation>
    </message>
</context>
<context>
    <name>DisagreementModel</name>
    <message>
        <source>missed error</source>
        <translation>übersehener Fehler</translation>
    </message>
    <message>
        <source>false alarm</source>
        <translation>Fehlalarm</translation>
    </message>
    <message>
        <source>wrong verdict</source>
        <translation>falsches Urteil</translation>
    </message>
    <message>
        <source>missed errors</source>
        <translation>übersehene Fehler</translation>
    </message>
    <message>
        <source>false alarms</source>
        <translation>Fehlalarme</translation>
    </message>
    <message>
        <source>wrong verdicts</source>
        <translation>falsche Urteile</translation>
    </message>
    <message>
        <source>Retrieval error</source>
        <translation>Retrieval-Fehler</translation>
    </message>
    <message>
        <source>Verification error</source>
        <translation>Prüffehler</translation>
    </message>
    <message>
        <source>Wrong gold label</source>
        <translation>Falsches Gold-Label</translation>
    </message>
    <message>
        <source>pre-fill: {name}</source>
        <translation>vorausgefüllt: {name}</translation>
    </message>
    <message>
        <source>not triaged</source>
        <translation>nicht triagiert</translation>
    </message>
</context>
<context>
    <name>EndpointDialog</name>
    <message>
        <source>Add endpoint</source>
        <translation>Endpunkt hinzufügen</translation>
    </message>
    <message>
        <source>the server's model name</source>
        <translation>der Modellname des Servers</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
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
    <message>
        <source>claim {id} · {n} passages · {found} of {gold} gold passages retrieved</source>
        <translation>Behauptung {id} · {n} Passagen · {found} von {gold} Gold-Passagen gefunden</translation>
    </message>
    <message>
        <source>[gold]</source>
        <translation>[Gold]</translation>
    </message>
    <message>
        <source>score {score}</source>
        <translation>Wert {score}</translation>
    </message>
    <message>
        <source>Gold passages not retrieved: {ids}</source>
        <translation>Nicht gefundene Gold-Passagen: {ids}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>— not in file —</source>
        <translation>— nicht in der Datei —</translation>
    </message>
    <message>
        <source>Passages (corpus)</source>
        <translation>Passagen (Korpus)</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>Answers with sentences</source>
        <translation>Antworten mit Sätzen</translation>
    </message>
    <message>
        <source>Verdicts of a verifier</source>
        <translation>Urteile eines Prüfmodells</translation>
    </message>
    <message>
        <source>Retrieval run (ranked passages)</source>
        <translation>Retrieval-Lauf (gerankte Passagen)</translation>
    </message>
    <message>
        <source>Chosen answers (multi-answer items)</source>
        <translation>Gewählte Antworten (Mehrfachantwort-Fragen)</translation>
    </message>
    <message>
        <source>Candidate answers (conflict items)</source>
        <translation>Kandidatenantworten (Konfliktfragen)</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>Daten importieren</translation>
    </message>
    <message>
        <source>One or more .jsonl, .csv or dataset files</source>
        <translation>Eine oder mehrere .jsonl-, .csv- oder Datensatzdateien</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Automatic (recognised from the content)</source>
        <translation>Automatisch (am Inhalt erkannt)</translation>
    </message>
    <message>
        <source>{f} (generic)</source>
        <translation>{f} (generisch)</translation>
    </message>
    <message>
        <source>{f} (adapter)</source>
        <translation>{f} (Adapter)</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Chosen by the adapter</source>
        <translation>Vom Adapter gewählt</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>the file name</source>
        <translation>der Dateiname</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Prefix every imported id, to keep ids that collide with existing ones apart</source>
        <translation>Jeder importierten ID ein Präfix voranstellen, damit IDs, die mit vorhandenen kollidieren, getrennt bleiben</translation>
    </message>
    <message>
        <source>Id prefix</source>
        <translation>ID-Präfix</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Split</translation>
    </message>
    <message>
        <source>Dataset name</source>
        <translation>Name des Datensatzes</translation>
    </message>
    <message>
        <source>optional, e.g. label=0:Supported,1:No Evidence,2:Refuted</source>
        <translation>optional, z. B. label=0:Supported,1:No Evidence,2:Refuted</translation>
    </message>
    <message>
        <source>Rewrite the values of a field while importing: FIELD=VALUE:NEW,VALUE:NEW; separate several fields with ';'</source>
        <translation>Die Werte eines Felds beim Import umschreiben: FELD=WERT:NEU,WERT:NEU; mehrere Felder mit „;“ trennen</translation>
    </message>
    <message>
        <source>Import the valid records, list the others in a side file</source>
        <translation>Gültige Datensätze importieren, die übrigen in einer Nebendatei auflisten</translation>
    </message>
    <message>
        <source>Off: the import is all or nothing. On: invalid records are left out and written to &lt;file&gt;.rejected.jsonl with the reason for each.</source>
        <translation>Aus: Der Import gelingt ganz oder gar nicht. An: Ungültige Datensätze werden ausgelassen und mit ihrem jeweiligen Grund in &lt;file&gt;.rejected.jsonl geschrieben.</translation>
    </message>
    <message>
        <source>Label values</source>
        <translation>Label-Werte</translation>
    </message>
    <message>
        <source>Preview (first rows)</source>
        <translation>Vorschau (erste Zeilen)</translation>
    </message>
    <message>
        <source>Field mapping  (* required)</source>
        <translation>Feldzuordnung  (* erforderlich)</translation>
    </message>
    <message>
        <source>Our field</source>
        <translation>Unser Feld</translation>
    </message>
    <message>
        <source>Column in the file</source>
        <translation>Spalte in der Datei</translation>
    </message>
    <message>
        <source>Nothing was imported. Fix these problems and try again:</source>
        <translation>Nichts wurde importiert. Diese Probleme beheben und erneut versuchen:</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Read the files and show what the import would write, without writing (Ctrl+K)</source>
        <translation>Die Dateien lesen und zeigen, was der Import schreiben würde, ohne zu schreiben (Strg+K)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <source>Data files (*.jsonl *.ndjson *.csv *.json *.tsv *.txt *.run);;All files (*)</source>
        <translation>Datendateien (*.jsonl *.ndjson *.csv *.json *.tsv *.txt *.run);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose files to import</source>
        <translation>Dateien zum Importieren auswählen</translation>
    </message>
    <message>
        <source>Choose the files to import. JSONL and CSV files are read with the field mapping below; the dataset adapters (SciFact, HealthVer, …) read their own layout.</source>
        <translation>Die zu importierenden Dateien auswählen. JSONL- und CSV-Dateien werden mit der Feldzuordnung unten gelesen; die Datensatz-Adapter (SciFact, HealthVer, …) lesen ihr eigenes Format.</translation>
    </message>
    <message>
        <source>{v0} Choose it above.</source>
        <translation>{v0} Bitte oben auswählen.</translation>
    </message>
    <message>
        <source>The format cannot be recognised.</source>
        <translation>Das Format ist nicht erkennbar.</translation>
    </message>
    <message>
        <source>Cannot preview {name}: {v0}</source>
        <translation>Vorschau von {name} nicht möglich: {v0}</translation>
    </message>
    <message>
        <source>{v0}{v1} preview rows from {name}, {v2} columns. Map our fields to your columns on the right.</source>
        <translation>{v0}{v1} Vorschauzeilen aus {name}, {v2} Spalten. Rechts unsere Felder Ihren Spalten zuordnen.</translation>
    </message>
    <message>
        <source>{v0}The {fmt} adapter reads its own layout; no mapping needed.</source>
        <translation>{v0}Der Adapter {fmt} liest sein eigenes Format; keine Zuordnung nötig.</translation>
    </message>
    <message>
        <source>Recognised as {what}: {reason}. </source>
        <translation>Erkannt als {what}: {reason}. </translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>Choose at least one file.</source>
        <translation>Mindestens eine Datei auswählen.</translation>
    </message>
    <message>
        <source>Checking what the import would do…</source>
        <translation>Es wird geprüft, was der Import tun würde…</translation>
    </message>
    <message>
        <source>Checking {files}</source>
        <translation>{files} wird geprüft</translation>
    </message>
    <message>
        <source>Nothing was written. Import when the summary below is what you expect.</source>
        <translation>Nichts wurde geschrieben. Importieren, wenn die Zusammenfassung unten Ihren Erwartungen entspricht.</translation>
    </message>
    <message>
        <source>The import would fail with these settings: see the problems below.</source>
        <translation>Mit diesen Einstellungen würde der Import fehlschlagen: siehe die Probleme unten.</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>Wird importiert…</translation>
    </message>
    <message>
        <source>Importing {files}</source>
        <translation>{files} wird importiert</translation>
    </message>
    <message>
        <source>The import is running and finishes as a whole; the dialog closes when it is done.</source>
        <translation>Der Import läuft und wird als Ganzes abgeschlossen; der Dialog schließt sich, wenn er fertig ist.</translation>
    </message>
    <message>
        <source>Imported {v0} records. {rejected} invalid records were left out; each is listed with its reason in {sides}.</source>
        <translation>{v0} Datensätze importiert. {rejected} ungültige Datensätze wurden ausgelassen; jeder ist mit seinem Grund in {sides} aufgeführt.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Import cancelled; nothing was imported.</source>
        <translation>Import abgebrochen; nichts wurde importiert.</translation>
    </message>
    <message>
        <source>The import failed; nothing was imported.</source>
        <translation>Der Import ist fehlgeschlagen; nichts wurde importiert.</translation>
    </message>
    <message>
        <source>… stopped after {n} problems</source>
        <translation>… nach {n} Problemen abgebrochen</translation>
    </message>
</context>
<context>
    <name>ImportPlanPanel</name>
    <message>
        <source>… {n_problems} problems in all</source>
        <translation>… insgesamt {n_problems} Probleme</translation>
    </message>
</context>
<context>
    <name>JobArea</name>
    <message>
        <source>{n} s</source>
        <translation>{n} s</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} min</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} h {m} min</translation>
    </message>
    <message>
        <source>{rate} {noun}/s</source>
        <translation>{rate} {noun}/s</translation>
    </message>
    <message>
        <source>{rate} {noun}/min</source>
        <translation>{rate} {noun}/min</translation>
    </message>
    <message>
        <source>ETA {time}</source>
        <translation>noch etwa {time}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>wird abgebrochen…</translation>
    </message>
    <message>
        <source>{job}: done</source>
        <translation>{job}: fertig</translation>
    </message>
    <message>
        <source>{job}: failed</source>
        <translation>{job}: fehlgeschlagen</translation>
    </message>
    <message>
        <source>{job}: cancelled</source>
        <translation>{job}: abgebrochen</translation>
    </message>
</context>
<context>
    <name>JobDialog</name>
    <message>
        <source>units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>Einheit</translation>
    </message>
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
    <message>
        <source>questions</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>answering</source>
        <translation>Beantworten</translation>
    </message>
    <message>
        <source>pre-labelling</source>
        <translation>Vorlabeln</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>claim</source>
        <translation>Behauptung</translation>
    </message>
    <message>
        <source>verifying</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>decomposing</source>
        <translation>Zerlegung läuft</translation>
    </message>
</context>
<context>
    <name>JudgeScoresSection</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>No finished evidence judge run yet. Judge evidence (Workflow › Judge, target: evidence) on claims with gold evidence passages to score the judge here.</source>
        <translation>Noch kein abgeschlossener Evidenz-Bewertungslauf. Bewerten Sie Evidenz (Arbeitsablauf › Bewerten, Ziel: Evidenz) für Behauptungen mit Gold-Evidenzpassagen, um den Bewerter hier zu beurteilen.</translation>
    </message>
    <message>
        <source>The relevant label against the claims' gold evidence passages, one row per judge run (CARE, direct or indirect mode, with or without the gold answer). Accuracy, precision and recall: Wilson 95%; F1: bootstrap 95% ({n} resamples). Units of claims without gold evidence are left out.</source>
        <translation>Das Label „relevant“ gegen die Gold-Evidenzpassagen der Behauptungen, eine Zeile je Bewertungslauf (CARE-, direkter oder indirekter Modus, mit oder ohne Goldantwort). Genauigkeit, Präzision und Recall: Wilson 95 %; F1: Bootstrap 95 % ({n} Stichproben). Einheiten von Behauptungen ohne Gold-Evidenz bleiben außen vor.</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>K = {k}</source>
        <translation>K = {k}</translation>
    </message>
    <message>
        <source>type {v}</source>
        <translation>Typ {v}</translation>
    </message>
    <message>
        <source>difficulty {v}</source>
        <translation>Schwierigkeit {v}</translation>
    </message>
    <message>
        <source>{run}: {n} judged units with gold ({left} left out without gold, {failed} parse failures counted as not relevant); K = the first K passages of each judged list.</source>
        <translation>{run}: {n} bewertete Einheiten mit Goldstandard ({left} ohne Goldstandard ausgelassen, {failed} Parse-Fehler als nicht relevant gezählt); K = die ersten K Passagen jeder bewerteten Liste.</translation>
    </message>
</context>
<context>
    <name>LabelingLayout</name>
    <message>
        <source>Evidence pairs (5 dimensions)</source>
        <translation>Evidenzpaare (5 Dimensionen)</translation>
    </message>
    <message>
        <source>Verifier reasoning (6 steps)</source>
        <translation>Begründung des Prüfers (6 Schritte)</translation>
    </message>
    <message>
        <source>supports</source>
        <translation>stützt</translation>
    </message>
    <message>
        <source>refutes</source>
        <translation>widerlegt</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutral</translation>
    </message>
    <message>
        <source>disagreement</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>sample</source>
        <translation>Stichprobe</translation>
    </message>
    <message>
        <source>retest (seen before)</source>
        <translation>Wiederholung (schon gesehen)</translation>
    </message>
    <message>
        <source>Labeling</source>
        <translation>Labeln</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Lauf:</translation>
    </message>
    <message>
        <source>Verdicts from:</source>
        <translation>Urteile aus:</translation>
    </message>
    <message>
        <source>The verify run whose verdict is revealed after you commit a pair; its disagreements come first in the queue</source>
        <translation>Der Prüflauf, dessen Urteil nach dem Festschreiben eines Paars gezeigt wird; seine Abweichungen stehen vorn in der Warteschlange</translation>
    </message>
    <message>
        <source>Annotator:</source>
        <translation>Annotator:</translation>
    </message>
    <message>
        <source>your name</source>
        <translation>Ihr Name</translation>
    </message>
    <message>
        <source>Your name as it is stored with every label in this project</source>
        <translation>Ihr Name, wie er mit jedem Label in diesem Projekt gespeichert wird</translation>
    </message>
    <message>
        <source>Auto-advance</source>
        <translation>Automatisch weiter</translation>
    </message>
    <message>
        <source>A digit sets the code and moves to the next dimension; after the last one the unit is committed (5 keys per evidence pair)</source>
        <translation>Eine Ziffer setzt den Code und geht zur nächsten Dimension; nach der letzten wird die Einheit festgeschrieben (5 Tasten je Evidenzpaar)</translation>
    </message>
    <message>
        <source>Reload queue</source>
        <translation>Warteschlange neu laden</translation>
    </message>
    <message>
        <source>Keys: 1–9 choose · Enter/Tab next · Shift+Tab back · Backspace undo · R reveal · A accept the revealed pre-label · N note</source>
        <translation>Tasten: 1–9 wählen · Enter/Tab weiter · Shift+Tab zurück · Rücktaste rückgängig · R aufdecken · A aufgedecktes Vorlabel übernehmen · N Notiz</translation>
    </message>
    <message>
        <source>Your labels</source>
        <translation>Ihre Labels</translation>
    </message>
    <message>
        <source>System and pre-label</source>
        <translation>System und Vorlabel</translation>
    </message>
    <message>
        <source>Previous unit (revealed)</source>
        <translation>Vorige Einheit (aufgedeckt)</translation>
    </message>
    <message>
        <source>Nothing committed yet.</source>
        <translation>Noch nichts festgeschrieben.</translation>
    </message>
    <message>
        <source>&lt;span style='color:#6b7380'&gt;Claim {v0} · {tag}&lt;/span&gt;&lt;br&gt;&lt;b style='font-size:15px'&gt;{v1}&lt;/b&gt;</source>
        <translation>&lt;span style='color:#6b7380'&gt;Behauptung {v0} · {tag}&lt;/span&gt;&lt;br&gt;&lt;b style='font-size:15px'&gt;{v1}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>rank {rank}</source>
        <translation>Rang {rank}</translation>
    </message>
    <message>
        <source>passage {id}</source>
        <translation>Passage {id}</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ The reasoning contradicts the verdict:&lt;/b&gt; it concludes {said}.</source>
        <translation>&lt;b&gt;⚠ Die Begründung widerspricht dem Urteil:&lt;/b&gt; sie folgert {said}.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Verdict:&lt;/b&gt; {verdict}</source>
        <translation>&lt;b&gt;Urteil:&lt;/b&gt; {verdict}</translation>
    </message>
    <message>
        <source>Reasoning:</source>
        <translation>Begründung:</translation>
    </message>
    <message>
        <source>(no reasoning recorded)</source>
        <translation>(keine Begründung aufgezeichnet)</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>Passagen</translation>
    </message>
    <message>
        <source> (this passage: {stance})</source>
        <translation> (diese Passage: {stance})</translation>
    </message>
    <message>
        <source>System verdict: &lt;b&gt;{verdict}&lt;/b&gt;</source>
        <translation>Systemurteil: &lt;b&gt;{verdict}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No system verdict for this claim in the chosen run.</source>
        <translation>Kein Systemurteil für diese Behauptung im gewählten Lauf.</translation>
    </message>
    <message>
        <source>Gold label: &lt;b&gt;{label}&lt;/b&gt;</source>
        <translation>Gold-Label: &lt;b&gt;{label}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No LLM pre-label for this unit.</source>
        <translation>Kein LLM-Vorlabel für diese Einheit.</translation>
    </message>
    <message>
        <source>Pre-label by &lt;code&gt;{who}&lt;/code&gt; ({same} of {n} agree with you):</source>
        <translation>Vorlabel von &lt;code&gt;{who}&lt;/code&gt; ({same} von {n} stimmen mit Ihnen überein):</translation>
    </message>
    <message>
        <source>Blind: the system verdict and the LLM pre-label stay hidden until you commit this unit (R reveals them now; later labels are then not blind).</source>
        <translation>Verblindet: Systemurteil und LLM-Vorlabel bleiben verborgen, bis Sie diese Einheit festschreiben (R deckt sie jetzt auf; spätere Labels sind dann nicht verblindet).</translation>
    </message>
    <message>
        <source>Blind: the LLM pre-label and the gold label stay hidden until you commit this unit (R reveals them now; later labels are then not blind).</source>
        <translation>Verblindet: LLM-Vorlabel und Gold-Label bleiben verborgen, bis Sie diese Einheit festschreiben (R deckt sie jetzt auf; spätere Labels sind dann nicht verblindet).</translation>
    </message>
</context>
<context>
    <name>LabelingView</name>
    <message>
        <source>New runs or verdicts arrived; you keep your place in the queue (Reload queue takes them in).</source>
        <translation>Neue Läufe oder Urteile sind eingetroffen; Sie behalten Ihre Stelle in der Warteschlange („Warteschlange neu laden“ nimmt sie auf).</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>first pass</source>
        <translation>erster Durchgang</translation>
    </message>
    <message>
        <source>retest pass</source>
        <translation>Wiederholungsdurchgang</translation>
    </message>
    <message>
        <source>Retrieval run:</source>
        <translation>Retrieval-Lauf:</translation>
    </message>
    <message>
        <source>Verify run:</source>
        <translation>Prüflauf:</translation>
    </message>
    <message>
        <source>Nothing committed yet.</source>
        <translation>Noch nichts festgeschrieben.</translation>
    </message>
    <message>
        <source>No retrieval run to label yet: make or import one on the Runs page.</source>
        <translation>Noch kein Retrieval-Lauf zum Labeln: auf der Seite „Läufe“ einen erstellen oder importieren.</translation>
    </message>
    <message>
        <source>No verify run to label yet: make or import one on the Runs page.</source>
        <translation>Noch kein Prüflauf zum Labeln: auf der Seite „Läufe“ einen erstellen oder importieren.</translation>
    </message>
    <message>
        <source>Opening the queue…</source>
        <translation>Warteschlange wird geöffnet…</translation>
    </message>
    <message>
        <source>Opening the labeling queue</source>
        <translation>Label-Warteschlange wird geöffnet</translation>
    </message>
    <message>
        <source>The queue could not be opened.</source>
        <translation>Die Warteschlange konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Ordering the labeling queue</source>
        <translation>Label-Warteschlange wird geordnet</translation>
    </message>
    <message>
        <source>Verify the units with the LLM, then label its reasoning.</source>
        <translation>Die Einheiten mit dem LLM prüfen, dann seine Begründung labeln.</translation>
    </message>
    <message>
        <source>Classifier verdicts have no reasoning to label.</source>
        <translation>Klassifikator-Urteile haben keine Begründung zum Labeln.</translation>
    </message>
    <message>
        <source>Nothing left to label in {run} for {annotator}.</source>
        <translation>In {run} gibt es für {annotator} nichts mehr zu labeln.</translation>
    </message>
    <message>
        <source>Codebook v{codebook_version}. Click the card (or press a digit) to label.</source>
        <translation>Codebuch v{codebook_version}. Zum Labeln die Karte anklicken (oder eine Ziffer drücken).</translation>
    </message>
    <message>
        <source>Ordering the rest of the queue…</source>
        <translation>Der Rest der Warteschlange wird geordnet…</translation>
    </message>
    <message>
        <source>The queue is empty.</source>
        <translation>Die Warteschlange ist leer.</translation>
    </message>
    <message>
        <source>&lt;b&gt;All done.&lt;/b&gt; Every unit in this queue is labelled.</source>
        <translation>&lt;b&gt;Alles erledigt.&lt;/b&gt; Jede Einheit in dieser Warteschlange ist gelabelt.</translation>
    </message>
    <message>
        <source>annotator {annotator}</source>
        <translation>Annotator {annotator}</translation>
    </message>
    <message>
        <source>{units} units in the run, {done} finished by you before</source>
        <translation>{units} Einheiten im Lauf, {done} davon schon zuvor von Ihnen erledigt</translation>
    </message>
    <message>
        <source>ordering the rest of the queue…</source>
        <translation>der Rest der Warteschlange wird geordnet…</translation>
    </message>
    <message>
        <source>Unit {v0}{extra} · {size} · {v1} committed this session · annotator {annotator} · codebook v{v2}</source>
        <translation>Einheit {v0}{extra} · {size} · {v1} in dieser Sitzung festgeschrieben · Annotator {annotator} · Codebuch v{v2}</translation>
    </message>
    <message>
        <source>{name} has codes 1–{v0}.</source>
        <translation>{name} hat die Codes 1–{v0}.</translation>
    </message>
    <message>
        <source>The project is open read-only.</source>
        <translation>Das Projekt ist schreibgeschützt geöffnet.</translation>
    </message>
    <message>
        <source> (blind)</source>
        <translation> (verblindet)</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>Nicht gespeichert: {v0}</translation>
    </message>
    <message>
        <source>saving a label</source>
        <translation>Label wird gespeichert</translation>
    </message>
    <message>
        <source>Press R to reveal the pre-label first; A then accepts it.</source>
        <translation>Zuerst R drücken, um das Vorlabel aufzudecken; A übernimmt es dann.</translation>
    </message>
    <message>
        <source>No LLM pre-label for this unit.</source>
        <translation>Kein LLM-Vorlabel für diese Einheit.</translation>
    </message>
    <message>
        <source>Accepted the pre-label by {who}; {name} still needs a code.</source>
        <translation>Vorlabel von {who} übernommen; {name} braucht noch einen Code.</translation>
    </message>
    <message>
        <source>Accepted the pre-label by {who}.</source>
        <translation>Vorlabel von {who} übernommen.</translation>
    </message>
    <message>
        <source>Choose a code for {name} first (1–{v0}).</source>
        <translation>Zuerst einen Code für {name} wählen (1–{v0}).</translation>
    </message>
    <message>
        <source>{name} is not labelled yet.</source>
        <translation>{name} ist noch nicht gelabelt.</translation>
    </message>
    <message>
        <source>Committed.</source>
        <translation>Festgeschrieben.</translation>
    </message>
    <message>
        <source>Revealed: labels you make on this unit from now on are not blind (A accepts the pre-label).</source>
        <translation>Aufgedeckt: Labels, die Sie ab jetzt für diese Einheit vergeben, sind nicht verblindet (A übernimmt das Vorlabel).</translation>
    </message>
    <message>
        <source>Nothing to undo in this session.</source>
        <translation>In dieser Sitzung gibt es nichts rückgängig zu machen.</translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation>Wird rückgängig gemacht…</translation>
    </message>
    <message>
        <source>Undone (the label is superseded, not deleted).</source>
        <translation>Rückgängig gemacht (das Label ist ersetzt, nicht gelöscht).</translation>
    </message>
    <message>
        <source>Not undone: {v0}</source>
        <translation>Nicht rückgängig gemacht: {v0}</translation>
    </message>
    <message>
        <source>undoing a label</source>
        <translation>Label wird rückgängig gemacht</translation>
    </message>
</context>
<context>
    <name>LongText</name>
    <message>
        <source>Full text</source>
        <translation>Volltext</translation>
    </message>
    <message>
        <source>show the full text ({n} characters)</source>
        <translation>den ganzen Text zeigen ({n} Zeichen)</translation>
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
    <name>MergeReturnDialog</name>
    <message>
        <source>Counting the units two raters labelled</source>
        <translation>Einheiten zweier Bewerter werden gezählt</translation>
    </message>
    <message>
        <source>Merge returned labels</source>
        <translation>Zurückgegebene Labels zusammenführen</translation>
    </message>
    <message>
        <source>A return file holds one rater's labels on a package you sent, signed with their key. Merging checks the signature, that the package came from this project, its codebook and every unit, then adds the labels (merging the same file twice adds nothing).</source>
        <translation>Eine Rückgabedatei enthält die Labels eines Bewerters zu einem von Ihnen gesendeten Paket, signiert mit seinem Schlüssel. Beim Zusammenführen werden die Signatur, die Herkunft des Pakets aus diesem Projekt, sein Codebuch und jede Einheit geprüft, dann werden die Labels hinzugefügt (dieselbe Datei zweimal zusammenzuführen fügt nichts hinzu).</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Return file</source>
        <translation>Rückgabedatei</translation>
    </message>
    <message>
        <source>optional: the rater's key fingerprint (ed25519:…) or public-key file</source>
        <translation>optional: Fingerabdruck des Bewerterschlüssels (ed25519:…) oder Datei mit dem öffentlichen Schlüssel</translation>
    </message>
    <message>
        <source>With a key here, a file signed by any other key is refused</source>
        <translation>Mit einem Schlüssel hier wird eine mit einem anderen Schlüssel signierte Datei abgelehnt</translation>
    </message>
    <message>
        <source>Trust only</source>
        <translation>Nur vertrauen</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>Zusammenführen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>No file at {path}.</source>
        <translation>Keine Datei unter {path}.</translation>
    </message>
    <message>
        <source>The file is encrypted: type its passphrase, then Merge.</source>
        <translation>Die Datei ist verschlüsselt: ihre Passphrase eingeben, dann Zusammenführen.</translation>
    </message>
    <message>
        <source>Checking the signature…</source>
        <translation>Signatur wird geprüft…</translation>
    </message>
    <message>
        <source>Checking the return file</source>
        <translation>Rückgabedatei wird geprüft</translation>
    </message>
    <message>
        <source>Signature: {v0}</source>
        <translation>Signatur: {v0}</translation>
    </message>
    <message>
        <source>Choose the return file the rater sent you.</source>
        <translation>Die Rückgabedatei auswählen, die der Bewerter Ihnen geschickt hat.</translation>
    </message>
    <message>
        <source>Merging…</source>
        <translation>Wird zusammengeführt…</translation>
    </message>
    <message>
        <source>Merging returned labels</source>
        <translation>Zurückgegebene Labels werden zusammengeführt</translation>
    </message>
    <message>
        <source>Not merged: {v0}</source>
        <translation>Nicht zusammengeführt: {v0}</translation>
    </message>
</context>
<context>
    <name>ModelsView</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>RAM fit</source>
        <translation>RAM-Bedarf</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>embedded</source>
        <translation>eingebettet</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>package</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Labels map</source>
        <translation>Label-Zuordnung</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>Binär</translation>
    </message>
    <message>
        <source>Rule and thresholds</source>
        <translation>Regel und Schwellen</translation>
    </message>
    <message>
        <source>API keys are not stored here: they come from the OS keyring, else the FACTAUDIT_API_KEY or OPENAI_API_KEY environment variable.</source>
        <translation>API-Schlüssel werden hier nicht gespeichert: sie kommen aus dem Schlüsselbund des Betriebssystems, sonst aus der Umgebungsvariablen FACTAUDIT_API_KEY oder OPENAI_API_KEY.</translation>
    </message>
    <message>
        <source>remote</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>unknown (needs {size})</source>
        <translation>unbekannt (braucht {size})</translation>
    </message>
    <message>
        <source>fits ({needed} of {total})</source>
        <translation>passt ({needed} von {total})</translation>
    </message>
    <message>
        <source>too large ({needed} of {total})</source>
        <translation>zu groß ({needed} von {total})</translation>
    </message>
    <message>
        <source>&lt;b&gt;Verifier LLMs&lt;/b&gt;</source>
        <translation>&lt;b&gt;Prüf-LLMs&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Add model…</source>
        <translation>Modell hinzufügen…</translation>
    </message>
    <message>
        <source>A GGUF file or a classification folder: checked (opened, one pair run, RAM fit), then copied or linked into local_models/</source>
        <translation>Eine GGUF-Datei oder ein Klassifikationsordner: geprüft (geöffnet, ein Paar durchlaufen, RAM-Bedarf), dann nach local_models/ kopiert oder verlinkt</translation>
    </message>
    <message>
        <source>Copy a GGUF file…</source>
        <translation>GGUF-Datei kopieren…</translation>
    </message>
    <message>
        <source>Link a GGUF file…</source>
        <translation>GGUF-Datei verlinken…</translation>
    </message>
    <message>
        <source>Copy a classification folder…</source>
        <translation>Klassifikationsordner kopieren…</translation>
    </message>
    <message>
        <source>Link a classification folder…</source>
        <translation>Klassifikationsordner verlinken…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Delete the selected local GGUF file (the embedded model and endpoints stay)</source>
        <translation>Die gewählte lokale GGUF-Datei löschen (das eingebettete Modell und Endpunkte bleiben)</translation>
    </message>
    <message>
        <source>Add endpoint…</source>
        <translation>Endpunkt hinzufügen…</translation>
    </message>
    <message>
        <source>Show fit check details</source>
        <translation>Details der RAM-Prüfung zeigen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Classifier verifiers&lt;/b&gt; (fast verdicts, each with the sentence that drove it)</source>
        <translation>&lt;b&gt;Klassifikator-Prüfer&lt;/b&gt; (schnelle Urteile, jedes mit dem Satz, der es bestimmt hat)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Embedders&lt;/b&gt;</source>
        <translation>&lt;b&gt;Embedder&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;demo-grade:&lt;/b&gt; {name} is a 135M model, fine for trying the pipeline but not for real audits. Add a stronger GGUF (e.g. a 7–8B instruct model) to local_models/: &lt;code&gt;{folder}&lt;/code&gt;</source>
        <translation>&lt;b&gt;nur zur Demo:&lt;/b&gt; {name} ist ein 135M-Modell, gut zum Ausprobieren der Pipeline, aber nicht für echte Audits. Ein stärkeres GGUF (z. B. ein 7–8B-Instruct-Modell) nach local_models/ legen: &lt;code&gt;{folder}&lt;/code&gt;</translation>
    </message>
    <message>
        <source>  [demo-grade]</source>
        <translation>  [nur Demo]</translation>
    </message>
    <message>
        <source>endpoint ({url}, {model})</source>
        <translation>Endpunkt ({url}, {model})</translation>
    </message>
    <message>
        <source>not usable: {note}</source>
        <translation>nicht verwendbar: {note}</translation>
    </message>
    <message>
        <source>yes (never Refuted)</source>
        <translation>ja (nie Widerlegt)</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Hashing model files</source>
        <translation>Hashwerte der Modelldateien werden berechnet</translation>
    </message>
    <message>
        <source>Add a GGUF model</source>
        <translation>Ein GGUF-Modell hinzufügen</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF-Modelle (*.gguf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Add a classification folder (config.json, tokenizer, weights)</source>
        <translation>Einen Klassifikationsordner hinzufügen (config.json, Tokenizer, Gewichte)</translation>
    </message>
    <message>
        <source>Checking {path} (opening it and running one pair)…</source>
        <translation>{path} wird geprüft (geöffnet und ein Paar durchlaufen)…</translation>
    </message>
    <message>
        <source>Adding model</source>
        <translation>Modell wird hinzugefügt</translation>
    </message>
    <message>
        <source>Linked {name}{digest}: {message}</source>
        <translation>{name}{digest} verlinkt: {message}</translation>
    </message>
    <message>
        <source>Added {name}{digest}: {message}</source>
        <translation>{name}{digest} hinzugefügt: {message}</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Delete the file {path}?</source>
        <translation>Die Datei {path} löschen?</translation>
    </message>
    <message>
        <source>Forget the endpoint {name}?</source>
        <translation>Den Endpunkt {name} vergessen?</translation>
    </message>
    <message>
        <source>Remove model</source>
        <translation>Modell entfernen</translation>
    </message>
    <message>
        <source>Removed {name}</source>
        <translation>{name} entfernt</translation>
    </message>
    <message>
        <source>Removing model</source>
        <translation>Modell wird entfernt</translation>
    </message>
    <message>
        <source>Adding endpoint</source>
        <translation>Endpunkt wird hinzugefügt</translation>
    </message>
    <message>
        <source>Fit check</source>
        <translation>RAM-Prüfung</translation>
    </message>
    <message>
        <source>&lt;b&gt;demo-grade:&lt;/b&gt; the embedded classifier {name} is the default verifier but below the accuracy targets on SciFact dev (README). For real audits put an NLI classifier folder into local_models/.</source>
        <translation>&lt;b&gt;nur zur Demo:&lt;/b&gt; Der eingebettete Klassifikator {name} ist der Standard-Prüfer, verfehlt aber die Genauigkeitsziele auf SciFact dev (README). Für echte Audits einen NLI-Klassifikator-Ordner in local_models/ legen.</translation>
    </message>
</context>
<context>
    <name>PageRead</name>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
</context>
<context>
    <name>PrelabelDialog</name>
    <message>
        <source>Evidence — each retrieved passage of a retrieval run</source>
        <translation>Evidenz — jede gefundene Passage eines Retrieval-Laufs</translation>
    </message>
    <message>
        <source>Reasoning — each verdict of a verify run</source>
        <translation>Begründung — jedes Urteil eines Prüflaufs</translation>
    </message>
    <message>
        <source>CARE: the model sees the claim and the passage, and rates every dimension</source>
        <translation>CARE: Das Modell sieht Behauptung und Passage und bewertet jede Dimension</translation>
    </message>
    <message>
        <source>Direct: asked straight whether the passage is relevant</source>
        <translation>Direkt: Es wird unmittelbar gefragt, ob die Passage relevant ist</translation>
    </message>
    <message>
        <source>Indirect: the model answers first, then its answer is compared</source>
        <translation>Indirekt: Das Modell antwortet zuerst, dann wird seine Antwort verglichen</translation>
    </message>
    <message>
        <source>CARE</source>
        <translation>CARE</translation>
    </message>
    <message>
        <source>direct</source>
        <translation>direkt</translation>
    </message>
    <message>
        <source>indirect</source>
        <translation>indirekt</translation>
    </message>
    <message>
        <source>Pre-label with a language model</source>
        <translation>Mit einem Sprachmodell vorlabeln</translation>
    </message>
    <message>
        <source>Suggested codes stay hidden in Labeling until you have labelled the unit yourself.</source>
        <translation>Vorgeschlagene Codes bleiben auf der Seite Labeln verborgen, bis Sie die Einheit selbst gelabelt haben.</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Show the model the gold label (when there is one)</source>
        <translation>Dem Modell das Gold-Label zeigen (falls vorhanden)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Passages per claim</source>
        <translation>Passagen je Behauptung</translation>
    </message>
    <message>
        <source>all claims</source>
        <translation>alle Behauptungen</translation>
    </message>
    <message>
        <source>Limit (claims)</source>
        <translation>Limit (Behauptungen)</translation>
    </message>
    <message>
        <source>With a limit, the labeling queue's order pre-labels the units Labeling shows next (its disagreements first); claim id order takes the first claims</source>
        <translation>Mit einem Limit werden in der Reihenfolge der Label-Warteschlange die Einheiten vorgelabelt, die die Seite Labeln als Nächstes zeigt (Abweichungen zuerst); die Reihenfolge nach Behauptungs-ID nimmt die ersten Behauptungen</translation>
    </message>
    <message>
        <source>Which claims first</source>
        <translation>Welche Behauptungen zuerst</translation>
    </message>
    <message>
        <source>Unfinished runs</source>
        <translation>Unvollständige Läufe</translation>
    </message>
    <message>
        <source>Pre-label</source>
        <translation>Vorlabeln</translation>
    </message>
    <message>
        <source>The labeling queue's next units (disagreements of {queue} first)</source>
        <translation>Die nächsten Einheiten der Label-Warteschlange (Abweichungen von {queue} zuerst)</translation>
    </message>
    <message>
        <source>Claim id order</source>
        <translation>Reihenfolge nach Behauptungs-ID</translation>
    </message>
    <message>
        <source>This target needs a finished retrieval run first.</source>
        <translation>Dieses Ziel braucht zuerst einen abgeschlossenen Retrieval-Lauf.</translation>
    </message>
    <message>
        <source>This target needs a finished verify run first.</source>
        <translation>Dieses Ziel braucht zuerst einen abgeschlossenen Prüflauf.</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>Wird geschätzt…</translation>
    </message>
    <message>
        <source>Estimating</source>
        <translation>Schätzung</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Nicht gestartet.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Modell wird geladen…</translation>
    </message>
    <message>
        <source>Pre-labelling</source>
        <translation>Vorlabeln</translation>
    </message>
    <message>
        <source>Cancelled. The labels so far are kept; Resume finishes the run.</source>
        <translation>Abgebrochen. Die bisherigen Labels bleiben erhalten; Fortsetzen beendet den Lauf.</translation>
    </message>
    <message>
        <source>{run_id}: {n_done} of {n_units} units pre-labelled ({n_parse_failures} replies did not parse) in {seconds} s.</source>
        <translation>{run_id}: {n_done} von {n_units} Einheiten in {seconds} s vorgelabelt ({n_parse_failures} Antworten nicht auswertbar).</translation>
    </message>
    <message>
        <source> The labels so far are kept; Resume continues {run}.</source>
        <translation> Die bisherigen Labels bleiben erhalten; Fortsetzen setzt {run} fort.</translation>
    </message>
    <message>
        <source>Failed: {v0}.{hint}</source>
        <translation>Fehlgeschlagen: {v0}.{hint}</translation>
    </message>
</context>
<context>
    <name>ProjectWindow</name>
    <message>
        <source>Workflow</source>
        <translation>Arbeitsablauf</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Labeling</source>
        <translation>Labeln</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Berichte</translation>
    </message>
    <message>
        <source>items</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>Passagen</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>{name} (Ctrl+{n})</source>
        <translation>{name} (Strg+{n})</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New project…</source>
        <translation>&amp;Neues Projekt…</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>Projekt ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Import data…</source>
        <translation>Daten &amp;importieren…</translation>
    </message>
    <message>
        <source>Send to a &amp;rater…</source>
        <translation>An einen &amp;Bewerter senden…</translation>
    </message>
    <message>
        <source>A sealed, blind package of units for a second rater to label</source>
        <translation>Ein versiegeltes, verblindetes Paket von Einheiten, das ein zweiter Bewerter labelt</translation>
    </message>
    <message>
        <source>&amp;Merge returned labels…</source>
        <translation>Zurückgegebene Labels &amp;zusammenführen…</translation>
    </message>
    <message>
        <source>A rater's signed return file: check it and add the labels</source>
        <translation>Die signierte Rückgabedatei eines Bewerters: prüfen und die Labels übernehmen</translation>
    </message>
    <message>
        <source>&amp;Close project</source>
        <translation>Projekt &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Read the current page again from the project file</source>
        <translation>Die aktuelle Seite erneut aus der Projektdatei lesen</translation>
    </message>
    <message>
        <source>&amp;Connection log…</source>
        <translation>&amp;Verbindungsprotokoll…</translation>
    </message>
    <message>
        <source>Every outbound connection the app made, and the offline guard</source>
        <translation>Jede ausgehende Verbindung der App und der Offline-Schutz</translation>
    </message>
    <message>
        <source>&amp;Models…</source>
        <translation>&amp;Modelle…</translation>
    </message>
    <message>
        <source>Verifier LLMs and embedders: RAM fit, add or remove models</source>
        <translation>Prüf-LLMs und Embedder: RAM-Bedarf, Modelle hinzufügen oder entfernen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>&amp;Schnellstart</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About factaudit</source>
        <translation>&amp;Über factaudit</translation>
    </message>
    <message>
        <source>The project file was changed outside this window; pages refreshed</source>
        <translation>Die Projektdatei wurde außerhalb dieses Fensters geändert; Seiten aktualisiert</translation>
    </message>
    <message>
        <source>Checking the project file</source>
        <translation>Projektdatei wird geprüft</translation>
    </message>
    <message>
        <source>Cannot show {run_id} there: {v0}</source>
        <translation>{run_id} kann dort nicht angezeigt werden: {v0}</translation>
    </message>
    <message>
        <source>Saving the choice</source>
        <translation>Auswahl wird gespeichert</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <source>The project is open read-only.</source>
        <translation>Das Projekt ist schreibgeschützt geöffnet.</translation>
    </message>
    <message>
        <source>Imported dataset {name}: {counts}</source>
        <translation>Datensatz {name} importiert: {counts}</translation>
    </message>
    <message>
        <source>Connection log</source>
        <translation>Verbindungsprotokoll</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>About factaudit</source>
        <translation>Über factaudit</translation>
    </message>
    <message>
        <source>&lt;b&gt;factaudit {version}&lt;/b&gt;&lt;p&gt;Audit retrieve-then-verify fact-checking pipelines, offline. The default verifier is an embedded classifier (fast, no reasoning); the embedded LLM Qwen2.5-Coder-1.5B writes reasoning, and SmolLM2-135M is a demo-grade one kept for quick tries. For real audits put an NLI classifier folder or a stronger GGUF model into &lt;code&gt;local_models/&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;b&gt;factaudit {version}&lt;/b&gt;&lt;p&gt;Faktenprüf-Pipelines nach dem Muster „erst abrufen, dann prüfen“ offline auditieren. Der Standardprüfer ist ein eingebetteter Klassifikator (schnell, ohne Begründung); das eingebettete LLM Qwen2.5-Coder-1.5B schreibt Begründungen, SmolLM2-135M ist ein reines Demo-Modell zum schnellen Ausprobieren. Für echte Audits gehört ein NLI-Klassifikator-Ordner oder ein stärkeres GGUF-Modell nach &lt;code&gt;local_models/&lt;/code&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> [read-only]</source>
        <translation> [schreibgeschützt]</translation>
    </message>
    <message>
        <source>Preparing the labeling pages</source>
        <translation>Die Label-Seiten werden vorbereitet</translation>
    </message>
    <message>
        <source>{passages} passages · {items} items · {claims} claims · {runs} runs</source>
        <translation>{passages} Passagen · {items} Einträge · {claims} Behauptungen · {runs} Läufe</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>labelling as {who}</source>
        <translation>labelt als {who}</translation>
    </message>
    <message>
        <source>labeller: asked at the first label</source>
        <translation>Annotator: wird beim ersten Label erfragt</translation>
    </message>
    <message>
        <source>Waiting for the running job to stop…</source>
        <translation>Warten, bis die laufende Aufgabe anhält…</translation>
    </message>
    <message>
        <source>Close project</source>
        <translation>Projekt schließen</translation>
    </message>
    <message>
        <source>The project did not close cleanly: {reason}</source>
        <translation>Das Projekt wurde nicht sauber geschlossen: {reason}</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Interface language, annotator name and folders</source>
        <translation>Sprache der Oberfläche, Name des Annotators und Ordner</translation>
    </message>
    <message>
        <source>Analyses</source>
        <translation>Analysen</translation>
    </message>
</context>
<context>
    <name>RaterLabelingView</name>
    <message>
        <source>The rater this package was made for</source>
        <translation>Der Bewerter, für den dieses Paket erstellt wurde</translation>
    </message>
    <message>
        <source>Previous unit</source>
        <translation>Vorherige Einheit</translation>
    </message>
    <message>
        <source>No labels.</source>
        <translation>Keine Labels.</translation>
    </message>
    <message>
        <source>A rater package holds no system verdict or pre-label to reveal.</source>
        <translation>Ein Bewerterpaket enthält kein Systemurteil und kein Vorlabel zum Aufdecken.</translation>
    </message>
    <message>
        <source>A rater package holds no pre-labels.</source>
        <translation>Ein Bewerterpaket enthält keine Vorlabels.</translation>
    </message>
</context>
<context>
    <name>RaterWindow</name>
    <message>
        <source>evidence pairs (claim × passage, every evidence dimension)</source>
        <translation>Evidenzpaare (Behauptung × Passage, jede Evidenzdimension)</translation>
    </message>
    <message>
        <source>the verifier's reasoning (every reasoning step)</source>
        <translation>die Begründung des Prüfmodells (jeder Begründungsschritt)</translation>
    </message>
    <message>
        <source>answer sentences (correct or error)</source>
        <translation>Antwortsätze (korrekt oder fehlerhaft)</translation>
    </message>
    <message>
        <source>{name} — labels for {rater} — factaudit</source>
        <translation>{name} — Labels für {rater} — factaudit</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rater package&lt;/b&gt; from &lt;b&gt;{v0}&lt;/b&gt; for &lt;b&gt;{v1}&lt;/b&gt;: {v2} units of {v3}, codebook v{codebook_version}. Signed by &lt;code&gt;{v4}&lt;/code&gt;. When you are done, or to send what you have so far: &lt;b&gt;File › Return labels…&lt;/b&gt;</source>
        <translation>&lt;b&gt;Bewerterpaket&lt;/b&gt; von &lt;b&gt;{v0}&lt;/b&gt; für &lt;b&gt;{v1}&lt;/b&gt;: {v2} Einheiten: {v3}, Codebuch v{codebook_version}. Signiert von &lt;code&gt;{v4}&lt;/code&gt;. Wenn Sie fertig sind oder den bisherigen Stand senden möchten: &lt;b&gt;Datei › Labels zurückgeben…&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Return labels…</source>
        <translation>Labels &amp;zurückgeben…</translation>
    </message>
    <message>
        <source>Write your labels into a file signed with your key, to send back</source>
        <translation>Ihre Labels in eine mit Ihrem Schlüssel signierte Datei schreiben, um sie zurückzuschicken</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;How to label</source>
        <translation>So wird ge&amp;labelt</translation>
    </message>
    <message>
        <source>How to label</source>
        <translation>So wird gelabelt</translation>
    </message>
    <message>
        <source>{instructions}

{text}

Every label is saved as you make it; close the window whenever you like and open the package again to go on. File › Return labels… writes the file to send back.</source>
        <translation>{instructions}

{text}

Jedes Label wird gespeichert, sobald Sie es setzen; schließen Sie das Fenster, wann Sie möchten, und öffnen Sie das Paket erneut, um weiterzumachen. Datei › Labels zurückgeben… schreibt die Datei zum Zurückschicken.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{done} of {total}&lt;/b&gt; units labelled — all done: File › Return labels…</source>
        <translation>&lt;b&gt;{done} von {total}&lt;/b&gt; Einheiten gelabelt — alles erledigt: Datei › Labels zurückgeben…</translation>
    </message>
    <message>
        <source>&lt;b&gt;{done} of {total}&lt;/b&gt; units labelled</source>
        <translation>&lt;b&gt;{done} von {total}&lt;/b&gt; Einheiten gelabelt</translation>
    </message>
    <message>
        <source>Return labels</source>
        <translation>Labels zurückgeben</translation>
    </message>
    <message>
        <source>factaudit return files (*.faproj);;All files (*)</source>
        <translation>factaudit-Rückgabedateien (*.faproj);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Writing the return file…</source>
        <translation>Rückgabedatei wird geschrieben…</translation>
    </message>
    <message>
        <source>Writing the return file</source>
        <translation>Rückgabedatei wird geschrieben</translation>
    </message>
    <message>
        <source>Wrote {file}: {n} labels by {rater} ({labelled} of {units} units done), signed with your key {key}. Send this file back to whoever sent you the package.</source>
        <translation>{file} geschrieben: {n} Labels von {rater} ({labelled} von {units} Einheiten erledigt), signiert mit Ihrem Schlüssel {key}. Diese Datei an die Person zurückschicken, die Ihnen das Paket gesendet hat.</translation>
    </message>
    <message>
        <source>Labels returned</source>
        <translation>Labels zurückgegeben</translation>
    </message>
    <message>
        <source>Not returned: {v0}</source>
        <translation>Nicht zurückgegeben: {v0}</translation>
    </message>
</context>
<context>
    <name>ReasoningFromLLMBar</name>
    <message>
        <source>first </source>
        <translation>erste </translation>
    </message>
    <message>
        <source> units</source>
        <translation> Einheiten</translation>
    </message>
    <message>
        <source>Verify them with the LLM ({LLM_MODEL})</source>
        <translation>Mit dem LLM prüfen ({LLM_MODEL})</translation>
    </message>
    <message>
        <source>A verify run with reasoning on only these claims, with the same evidence (retrieval run and k) as the classifier run; slow: tens of seconds a claim</source>
        <translation>Ein Prüflauf mit Begründung nur für diese Behauptungen, mit derselben Evidenz (Retrieval-Lauf und k) wie der Klassifikator-Lauf; langsam: einige zehn Sekunden je Behauptung</translation>
    </message>
    <message>
        <source>&lt;b&gt;{run}&lt;/b&gt; is a classifier run: classifier verdicts have no reasoning to label.</source>
        <translation>&lt;b&gt;{run}&lt;/b&gt; ist ein Klassifikator-Lauf: Klassifikator-Urteile haben keine Begründung zum Labeln.</translation>
    </message>
    <message>
        <source>Verifying the first {n} units of {run} with {LLM_MODEL}…</source>
        <translation>Die ersten {n} Einheiten von {run} werden mit {LLM_MODEL} geprüft…</translation>
    </message>
    <message>
        <source>Verifying {n} claims with {LLM_MODEL}</source>
        <translation>{n} Behauptungen werden mit {LLM_MODEL} geprüft</translation>
    </message>
    <message>
        <source>{run_id}: {n_verdicts} verdicts with reasoning from {LLM_MODEL}.</source>
        <translation>{run_id}: {n_verdicts} Urteile mit Begründung von {LLM_MODEL}.</translation>
    </message>
    <message>
        <source>Cancelled: the verdicts so far are kept (Verify › Resume finishes the run).</source>
        <translation>Abgebrochen: die bisherigen Urteile bleiben (Prüfen › Fortsetzen beendet den Lauf).</translation>
    </message>
    <message>
        <source>The LLM run failed: {v0}</source>
        <translation>Der LLM-Lauf ist fehlgeschlagen: {v0}</translation>
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
    <message>
        <source>No web browser could be started; open {path} in one.</source>
        <translation>Es ließ sich kein Webbrowser starten; {path} bitte in einem öffnen.</translation>
    </message>
    <message>
        <source>No file manager could be started; the report is in {folder}.</source>
        <translation>Es ließ sich kein Dateimanager starten; der Bericht liegt in {folder}.</translation>
    </message>
    <message>
        <source>What the lenient score of choices runs takes off per wrong option chosen (0 to 1)</source>
        <translation>Was die nachsichtige Bewertung von Auswahlläufen je gewählter falscher Option abzieht (0 bis 1)</translation>
    </message>
    <message>
        <source>Lenient penalty</source>
        <translation>Abzug bei nachsichtiger Bewertung</translation>
    </message>
</context>
<context>
    <name>ResultsFigures</name>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Value [95% CI]</source>
        <translation>Wert [95-%-KI]</translation>
    </message>
    <message>
        <source>Mild</source>
        <translation>leicht</translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>Severe</source>
        <translation>schwer</translation>
    </message>
    <message>
        <source>{source}: {adj} from adjudication, {rated} from raters; {changed} differ from the expert's</source>
        <translation>{source}: {adj} aus Entscheidungen, {rated} von Bewertern; {changed} weichen vom Experten ab</translation>
    </message>
    <message>
        <source>Gold source</source>
        <translation>Goldstandard-Quelle</translation>
    </message>
    <message>
        <source>sentence level</source>
        <translation>Satzebene</translation>
    </message>
    <message>
        <source>claim level</source>
        <translation>Behauptungsebene</translation>
    </message>
    <message>
        <source>Subset {subset}, {level} ({mapping})</source>
        <translation>Teilmenge {subset}, {level} ({mapping})</translation>
    </message>
    <message>
        <source>P {p}  R {r}  F1 {f1}</source>
        <translation>P {p}  R {r}  F1 {f1}</translation>
    </message>
    <message>
        <source>Severity-weighted recall ({mapping}; weights 1, 2, 3)</source>
        <translation>Nach Schweregrad gewichteter Recall ({mapping}; Gewichte 1, 2, 3)</translation>
    </message>
    <message>
        <source>Recall of {grade} errors</source>
        <translation>Recall der Fehler mit Grad {grade}</translation>
    </message>
    <message>
        <source>{v} ({k} of {n})</source>
        <translation>{v} ({k} von {n})</translation>
    </message>
    <message>
        <source>Traces correct on all six reasoning steps</source>
        <translation>Begründungen, die in allen sechs Schritten richtig sind</translation>
    </message>
    <message>
        <source>First failing step</source>
        <translation>Erster fehlerhafter Schritt</translation>
    </message>
    <message>
        <source>Verdict × reasoning ({mapping})</source>
        <translation>Urteil × Begründung ({mapping})</translation>
    </message>
    <message>
        <source>right/sound {a}, right/wrong {b}, wrong/sound {c}, wrong/wrong {d}</source>
        <translation>richtig/schlüssig {a}, richtig/fehlerhaft {b}, falsch/schlüssig {c}, falsch/fehlerhaft {d}</translation>
    </message>
    <message>
        <source>Answers correct against the reference</source>
        <translation>Antworten, die gemessen an der Referenz richtig sind</translation>
    </message>
    <message>
        <source>Answers matching the reference exactly</source>
        <translation>Antworten, die exakt der Referenz entsprechen</translation>
    </message>
    <message>
        <source>Factual precision, label-free (FActScore)</source>
        <translation>Faktische Präzision ohne Labels (FActScore)</translation>
    </message>
    <message>
        <source>VeriScore F1@K</source>
        <translation>VeriScore F1@K</translation>
    </message>
    <message>
        <source>Expert-labelled precision on the same claims</source>
        <translation>Präzision nach Expertenlabels auf denselben Behauptungen</translation>
    </message>
    <message>
        <source>Choose a finished verify run.</source>
        <translation>Einen abgeschlossenen Prüflauf wählen.</translation>
    </message>
</context>
<context>
    <name>ResultsStudies</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Gold answer shown</source>
        <translation>Goldantwort gezeigt</translation>
    </message>
    <message>
        <source>Accuracy [95% CI]</source>
        <translation>Genauigkeit [95%-KI]</translation>
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
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>Strict accuracy</source>
        <translation>Strikte Genauigkeit</translation>
    </message>
    <message>
        <source>Conflict-aware success</source>
        <translation>Konfliktbewusster Erfolg</translation>
    </message>
    <message>
        <source>Conflict F1</source>
        <translation>Konflikt-F1</translation>
    </message>
    <message>
        <source>Conflict awareness</source>
        <translation>Konfliktbewusstsein</translation>
    </message>
    <message>
        <source>Unsupported answers</source>
        <translation>Nicht gestützte Antworten</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <source>With conflict</source>
        <translation>Mit Konflikt</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>Aufschlüsselung</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>evidence condition</source>
        <translation>Evidenzbedingung</translation>
    </message>
    <message>
        <source>conflict type</source>
        <translation>Konflikttyp</translation>
    </message>
    <message>
        <source>question language</source>
        <translation>Sprache der Frage</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Could not read these figures: {v0}</source>
        <translation>Diese Kennzahlen konnten nicht gelesen werden: {v0}</translation>
    </message>
    <message>
        <source>Retrieval runs</source>
        <translation>Retrieval-Läufe</translation>
    </message>
    <message>
        <source>Judge runs</source>
        <translation>Bewertungsläufe</translation>
    </message>
    <message>
        <source>Conflict runs</source>
        <translation>Konfliktläufe</translation>
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
        <source>{n} parse failed</source>
        <translation>{n} nicht auswertbar</translation>
    </message>
    <message>
        <source>{n} no claims</source>
        <translation>{n} ohne Behauptungen</translation>
    </message>
    <message>
        <source>{n} missing verdict</source>
        <translation>{n} ohne Urteil</translation>
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
        <source>precision</source>
        <translation>Präzision</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>Recall</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>{mapping}, {level} level (95% intervals)</source>
        <translation>{mapping}, Ebene {level} (95-%-Intervalle)</translation>
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
        <source>NE</source>
        <translation>KE</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>vorhergesagt</translation>
    </message>
    <message>
        <source>gold</source>
        <translation>Gold</translation>
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
    <message>
        <source>Balanced accuracy {v} (mean recall of Supported and Refuted).</source>
        <translation>Balancierte Genauigkeit {v} (mittlerer Recall von Gestützt und Widerlegt).</translation>
    </message>
    <message>
        <source>Majority baseline (always {label}): accuracy {acc}, balanced accuracy {bal}.</source>
        <translation>Mehrheitsbaseline (immer {label}): Genauigkeit {acc}, balancierte Genauigkeit {bal}.</translation>
    </message>
    <message>
        <source>Note: accuracy is within the majority baseline's interval.</source>
        <translation>Hinweis: Die Genauigkeit liegt im Intervall der Mehrheitsbaseline.</translation>
    </message>
    <message>
        <source>Note: this run's verifier is marked demo-grade.</source>
        <translation>Hinweis: Der Prüfer dieses Laufs ist als Demo-Qualität markiert.</translation>
    </message>
    <message>
        <source>Grounding control {control} of {real}: {same} of {n} verdicts stay the same without evidence; balanced accuracy {b1} with evidence, {b0} without.</source>
        <translation>Grounding-Kontrolle {control} von {real}: {same} von {n} Urteilen bleiben ohne Evidenz gleich; balancierte Genauigkeit {b1} mit Evidenz, {b0} ohne.</translation>
    </message>
    <message>
        <source>Study figures</source>
        <translation>Studienkennzahlen</translation>
    </message>
    <message>
        <source>category {c}</source>
        <translation>Kategorie {c}</translation>
    </message>
    <message>
        <source>Gold:</source>
        <translation>Goldstandard:</translation>
    </message>
    <message>
        <source>The sentence labels every figure is scored against: the expert's, the adjudicated ones (else the expert's), or one rater's</source>
        <translation>Die Satzlabels, gegen die jede Kennzahl berechnet wird: die des Experten, die entschiedenen (sonst die des Experten) oder die eines Bewerters</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>Experte</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>entschieden</translation>
    </message>
    <message>
        <source>Subset:</source>
        <translation>Teilmenge:</translation>
    </message>
    <message>
        <source>A subset scored beside the full set, each with its n (Study figures tab)</source>
        <translation>Eine Teilmenge, neben der Gesamtmenge berechnet, jede mit ihrem n (Reiter Studienkennzahlen)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>adjudicated sentences</source>
        <translation>entschiedene Sätze</translation>
    </message>
    <message>
        <source>unit list {name}</source>
        <translation>Einheitenliste {name}</translation>
    </message>
    <message>
        <source>Unit list…</source>
        <translation>Einheitenliste…</translation>
    </message>
    <message>
        <source>Score a saved unit list beside the full set: a file of sentence or claim ids, one a line, or the JSON lines Certify's "Draw these units…" writes</source>
        <translation>Eine gespeicherte Einheitenliste neben der Gesamtmenge bewerten: eine Datei mit Satz- oder Behauptungs-IDs, eine pro Zeile, oder die JSON-Zeilen, die „Diese Einheiten ziehen…“ der Zertifizierung schreibt</translation>
    </message>
    <message>
        <source>Unit list to score as a subset</source>
        <translation>Als Teilmenge zu bewertende Einheitenliste</translation>
    </message>
    <message>
        <source>Unit lists (*.jsonl *.txt);;All files (*)</source>
        <translation>Einheitenlisten (*.jsonl *.txt);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>RetrievalCompareSection</name>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Basislinie</translation>
    </message>
    <message>
        <source>Compared</source>
        <translation>Verglichen</translation>
    </message>
    <message>
        <source>Δ [95% CI]</source>
        <translation>Δ [95%-KI]</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Holm p</source>
        <translation>Holm-p</translation>
    </message>
    <message>
        <source>Regressed</source>
        <translation>Verschlechtert</translation>
    </message>
    <message>
        <source>Improved</source>
        <translation>Verbessert</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Behauptung</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>Basislinie:</translation>
    </message>
    <message>
        <source>Compared:</source>
        <translation>Verglichen:</translation>
    </message>
    <message>
        <source>Cutoff k:</source>
        <translation>Schnitt k:</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>The rank cutoff of every figure; auto: the shallower run's k, so no run is scored past the end of its rankings</source>
        <translation>Der Rang-Schnitt jeder Kennzahl; automatisch: das k des flacheren Laufs, damit kein Lauf über das Ende seiner Rangliste hinaus bewertet wird</translation>
    </message>
    <message>
        <source>Choose two different runs that hold rankings (retrieve runs or imported TREC runs).</source>
        <translation>Wählen Sie zwei verschiedene Läufe mit Ranglisten (Retrieval-Läufe oder importierte TREC-Läufe).</translation>
    </message>
    <message>
        <source>Two runs that hold rankings are needed: retrieve twice (Workflow › Retrieve), or import a TREC run (File › Import data).</source>
        <translation>Es braucht zwei Läufe mit Ranglisten: zweimal abrufen (Arbeitsablauf › Abrufen) oder einen TREC-Lauf importieren (Datei › Daten importieren).</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Vergleiche…</translation>
    </message>
    <message>
        <source>Cannot compare: {v0}</source>
        <translation>Vergleich nicht möglich: {v0}</translation>
    </message>
    <message>
        <source>category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>{n} claims with gold evidence ranked by both runs, at k = {k}; Δ = {b} − {a}. Intervals: paired bootstrap over claims, stratified by {strata} ({resamples} resamples); p: two-sided bootstrap, Holm-adjusted over the {m} tests.</source>
        <translation>{n} Behauptungen mit Gold-Evidenz, die beide Läufe gerankt haben, bei k = {k}; Δ = {b} − {a}. Intervalle: gepaarter Bootstrap über Behauptungen, geschichtet nach {strata} ({resamples} Stichproben); p: zweiseitiger Bootstrap, Holm-korrigiert über die {m} Tests.</translation>
    </message>
    <message>
        <source>{n} claims ranked by one run only are left out.</source>
        <translation>{n} nur von einem Lauf gerankte Behauptungen bleiben außen vor.</translation>
    </message>
    <message>
        <source>No claim regresses in Recall@{k} or MRR@{k}.</source>
        <translation>Keine Behauptung verschlechtert sich in Recall@{k} oder MRR@{k}.</translation>
    </message>
    <message>
        <source>Claims that regress: {recall} in Recall@{k}, {mrr} in MRR@{k}.</source>
        <translation>Verschlechterte Behauptungen: {recall} in Recall@{k}, {mrr} in MRR@{k}.</translation>
    </message>
    <message>
        <source>Claims where {b} scores lower than {a}, worst first ({shown} listed of {total}):</source>
        <translation>Behauptungen, bei denen {b} schlechter abschneidet als {a}, die schlechtesten zuerst ({shown} von {total} aufgeführt):</translation>
    </message>
    <message>
        <source>No claim scores lower in {b} than in {a} on any figure.</source>
        <translation>Keine Behauptung schneidet in {b} bei irgendeiner Kennzahl schlechter ab als in {a}.</translation>
    </message>
</context>
<context>
    <name>RetrieveDialog</name>
    <message>
        <source>All claims</source>
        <translation>Alle Behauptungen</translation>
    </message>
    <message>
        <source>reused from the cache</source>
        <translation>aus dem Cache übernommen</translation>
    </message>
    <message>
        <source>built and cached</source>
        <translation>erstellt und zwischengespeichert</translation>
    </message>
    <message>
        <source>built, not cached</source>
        <translation>erstellt, nicht zwischengespeichert</translation>
    </message>
    <message>
        <source>Retrieve evidence</source>
        <translation>Evidenz abrufen</translation>
    </message>
    <message>
        <source>bm25, dense:&lt;model&gt; or rrf:&lt;r1&gt;,&lt;r2&gt;,… (reciprocal rank fusion)</source>
        <translation>bm25, dense:&lt;model&gt; oder rrf:&lt;r1&gt;,&lt;r2&gt;,… (Reciprocal Rank Fusion)</translation>
    </message>
    <message>
        <source>Retriever</source>
        <translation>Retriever</translation>
    </message>
    <message>
        <source>Passages per claim (k)</source>
        <translation>Passagen je Behauptung (k)</translation>
    </message>
    <message>
        <source>The embedder used by a plain 'dense' retriever</source>
        <translation>Der Embedder, den ein einfacher „dense“-Retriever verwendet</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Embedding-Modell</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>Conservative merge of sub-queries (comparisons, enumerations)</source>
        <translation>Konservative Zusammenführung von Teilanfragen (Vergleiche, Aufzählungen)</translation>
    </message>
    <message>
        <source>RRF constant c in Σ 1/(c + rank)</source>
        <translation>RRF-Konstante c in Σ 1/(c + Rang)</translation>
    </message>
    <message>
        <source>RRF constant</source>
        <translation>RRF-Konstante</translation>
    </message>
    <message>
        <source>Retrieve</source>
        <translation>Abrufen</translation>
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
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Retrieving</source>
        <translation>Abruf</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>{run_id}: {retriever}, top {k} for {n_queries} claims in {seconds} s (index {cache}).</source>
        <translation>{run_id}: {retriever}, Top {k} für {n_queries} Behauptungen in {seconds} s (Index {cache}).</translation>
    </message>
    <message>
        <source>Failed: {v0}</source>
        <translation>Fehlgeschlagen: {v0}</translation>
    </message>
    <message>
        <source>Cancelled. The run is kept and marked cancelled; its partial hits are never counted as a finished run.</source>
        <translation>Abgebrochen. Der Lauf bleibt erhalten und ist als abgebrochen markiert; seine Teiltreffer zählen nie als abgeschlossener Lauf.</translation>
    </message>
</context>
<context>
    <name>ReviewView</name>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>a top-k passage is high quality and verdict-bearing</source>
        <translation>eine Top-k-Passage ist hochwertig und urteilstragend</translation>
    </message>
    <message>
        <source>no top-k passage is high quality and verdict-bearing</source>
        <translation>keine Top-k-Passage ist hochwertig und urteilstragend</translation>
    </message>
    <message>
        <source>no claims to judge</source>
        <translation>keine Behauptungen zu beurteilen</translation>
    </message>
    <message>
        <source>label the retrieved passages to pre-fill (some are not rated on every quality dimension)</source>
        <translation>die gefundenen Passagen labeln, um vorauszufüllen (einige sind nicht in jeder Qualitätsdimension bewertet)</translation>
    </message>
    <message>
        <source>no retrieved sentence bears on the claim by the classifier</source>
        <translation>laut Klassifikator betrifft kein gefundener Satz die Behauptung</translation>
    </message>
    <message>
        <source>label the passage the verdict rests on first</source>
        <translation>zuerst die Passage labeln, auf der das Urteil beruht</translation>
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
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Verify run:</source>
        <translation>Prüflauf:</translation>
    </message>
    <message>
        <source>Evidence from:</source>
        <translation>Evidenz aus:</translation>
    </message>
    <message>
        <source>The retrieval run whose top-k passages are shown</source>
        <translation>Der Retrieval-Lauf, dessen Top-k-Passagen gezeigt werden</translation>
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
        <source>No verify run yet: make or import one on the Runs page.</source>
        <translation>Noch kein Prüflauf: auf der Seite „Läufe“ einen erstellen oder importieren.</translation>
    </message>
    <message>
        <source>Finding disagreements…</source>
        <translation>Abweichungen werden gesucht…</translation>
    </message>
    <message>
        <source>Finding disagreements</source>
        <translation>Abweichungen werden gesucht</translation>
    </message>
    <message>
        <source>{found} of {total} sentences disagree with the expert under {mapping}</source>
        <translation>{found} von {total} Sätzen weichen unter {mapping} vom Experten ab</translation>
    </message>
    <message>
        <source>{found} of {total} claims disagree with the expert under {mapping}</source>
        <translation>{found} von {total} Behauptungen weichen unter {mapping} vom Experten ab</translation>
    </message>
    <message>
        <source>{n} triaged</source>
        <translation>{n} triagiert</translation>
    </message>
    <message>
        <source>still reading…</source>
        <translation>wird noch gelesen…</translation>
    </message>
    <message>
        <source>{n} left out (missing verdicts or parse failures)</source>
        <translation>{n} ausgelassen (fehlende Urteile oder Parse-Fehler)</translation>
    </message>
    <message>
        <source>no retrieval run chosen: evidence shows the passages the verifier used</source>
        <translation>kein Retrieval-Lauf gewählt: die Evidenz zeigt die Passagen, die der Prüfer nutzte</translation>
    </message>
    <message>
        <source>this run has no verdicts on labelled sentences: choose the claim level</source>
        <translation>dieser Lauf hat keine Urteile zu gelabelten Sätzen: die Ebene Behauptung wählen</translation>
    </message>
    <message>
        <source>  (pre-filled)</source>
        <translation>  (vorausgefüllt)</translation>
    </message>
    <message>
        <source>Pre-filled: &lt;b&gt;{v0}&lt;/b&gt; — {v1}. Enter accepts it; 1, 2 or 3 decide otherwise.</source>
        <translation>Vorausgefüllt: &lt;b&gt;{v0}&lt;/b&gt; — {v1}. Enter übernimmt es; 1, 2 oder 3 entscheiden anders.</translation>
    </message>
    <message>
        <source>No pre-fill: {v0}.</source>
        <translation>Keine Vorausfüllung: {v0}.</translation>
    </message>
    <message>
        <source>Decided: {v0} (by {triage_annotator})</source>
        <translation>Entschieden: {v0} (von {triage_annotator})</translation>
    </message>
    <message>
        <source>Not triaged yet.</source>
        <translation>Noch nicht triagiert.</translation>
    </message>
    <message>
        <source>Not saved: give your name first (it is stored with every triage decision).</source>
        <translation>Nicht gespeichert: Geben Sie zuerst Ihren Namen an (er wird mit jeder Triage-Entscheidung gespeichert).</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>Nicht gespeichert: {v0}</translation>
    </message>
    <message>
        <source>saving a triage decision</source>
        <translation>Triage-Entscheidung wird gespeichert</translation>
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
    <message>
        <source>{name} already exists; choose another name.</source>
        <translation>{name} existiert bereits; bitte einen anderen Namen wählen.</translation>
    </message>
    <message>
        <source>No file manager could be started; the sealed file is in {folder}.</source>
        <translation>Es ließ sich kein Dateimanager starten; die versiegelte Datei liegt in {folder}.</translation>
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
    <name>SendToRaterDialog</name>
    <message>
        <source>The package holds {n} units, none labelled here yet: agreement will need labels on the same units.</source>
        <translation>Das Paket enthält {n} Einheiten, hier noch keine gelabelt: Übereinstimmung braucht Labels auf denselben Einheiten.</translation>
    </message>
    <message>
        <source>The package holds {n} units; {overlap} of them labelled here by {who}: agreement is computed on those.</source>
        <translation>Das Paket enthält {n} Einheiten; {overlap} davon hier von {who} gelabelt: darauf wird die Übereinstimmung berechnet.</translation>
    </message>
    <message>
        <source>the expert</source>
        <translation>die Expertin bzw. den Experten</translation>
    </message>
    <message>
        <source>Counting the package's units</source>
        <translation>Einheiten des Pakets werden gezählt</translation>
    </message>
    <message>
        <source>This package cannot be drawn: {v0}</source>
        <translation>Dieses Paket kann nicht gezogen werden: {v0}</translation>
    </message>
    <message>
        <source>The {n} units labelled here</source>
        <translation>Die {n} hier gelabelten Einheiten</translation>
    </message>
    <message>
        <source>no retrieval run with passages yet</source>
        <translation>noch kein Retrieval-Lauf mit Passagen</translation>
    </message>
    <message>
        <source>no run with reasoning: verify with a language model first</source>
        <translation>kein Lauf mit Begründung: zuerst mit einem Sprachmodell verifizieren</translation>
    </message>
    <message>
        <source>{run} (with reasoning)</source>
        <translation>{run} (mit Begründung)</translation>
    </message>
    <message>
        <source>Reading the runs a package can come from</source>
        <translation>Läufe für ein Paket werden gelesen</translation>
    </message>
    <message>
        <source>Cannot read the runs: {v0}</source>
        <translation>Läufe können nicht gelesen werden: {v0}</translation>
    </message>
    <message>
        <source>Reading the runs…</source>
        <translation>Läufe werden gelesen…</translation>
    </message>
    <message>
        <source>Or a sample</source>
        <translation>Oder eine Stichprobe</translation>
    </message>
    <message>
        <source>more</source>
        <translation>weiteren</translation>
    </message>
    <message>
        <source>More units drawn stratified with the seed below, for retest or more overlap</source>
        <translation>Weitere Einheiten, geschichtet mit dem Seed unten gezogen, für Retest oder mehr Überlappung</translation>
    </message>
    <message>
        <source>plus a sample of</source>
        <translation>plus eine Stichprobe von</translation>
    </message>
    <message>
        <source>Agreement needs units labelled twice: send the units you (the first rater) labelled</source>
        <translation>Übereinstimmung braucht doppelt gelabelte Einheiten: die von Ihnen (dem ersten Bewerter) gelabelten Einheiten senden</translation>
    </message>
    <message>
        <source>The units labelled here</source>
        <translation>Die hier gelabelten Einheiten</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>The run the units come from; a reasoning package only from a run whose verdicts carry a language model's reasoning</source>
        <translation>Der Lauf, aus dem die Einheiten stammen; ein Begründungspaket nur aus einem Lauf, dessen Urteile die Begründung eines Sprachmodells enthalten</translation>
    </message>
    <message>
        <source>Evidence pairs (claim × retrieved passage, 5 dimensions)</source>
        <translation>Evidenzpaare (Behauptung × gefundene Passage, 5 Dimensionen)</translation>
    </message>
    <message>
        <source>The verifier's reasoning (6 steps)</source>
        <translation>Die Begründung des Prüfmodells (6 Schritte)</translation>
    </message>
    <message>
        <source>Answer sentences (correct or error)</source>
        <translation>Antwortsätze (korrekt oder fehlerhaft)</translation>
    </message>
    <message>
        <source>evidence pairs</source>
        <translation>Evidenzpaare</translation>
    </message>
    <message>
        <source>reasoning traces</source>
        <translation>Begründungen</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>Send to a rater</source>
        <translation>An einen Bewerter senden</translation>
    </message>
    <message>
        <source>A rater package is a sealed file, signed by you, holding only the texts a second rater needs: no verdicts, gold labels, pre-labels or other raters' labels. The rater opens it with factaudit, labels, and sends back a return file (File › Merge returned labels…).</source>
        <translation>Ein Bewerterpaket ist eine versiegelte, von Ihnen signierte Datei, die nur die Texte enthält, die ein zweiter Bewerter braucht: keine Urteile, Gold-Labels, Vorlabels oder Labels anderer Bewerter. Der Bewerter öffnet es mit factaudit, labelt und schickt eine Rückgabedatei zurück (Datei › Zurückgegebene Labels zusammenführen…).</translation>
    </message>
    <message>
        <source>the second rater's name, e.g. Dr Chen</source>
        <translation>Name des zweiten Bewerters, z. B. Dr. Chen</translation>
    </message>
    <message>
        <source>Rater</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Claims for evidence pairs (each with its top passages), claims for reasoning, or sentences; drawn stratified by verdict and dataset</source>
        <translation>Behauptungen für Evidenzpaare (jede mit ihren besten Passagen), Behauptungen für Begründungen oder Sätze; geschichtet nach Urteil und Datensatz gezogen</translation>
    </message>
    <message>
        <source>All units</source>
        <translation>Alle Einheiten</translation>
    </message>
    <message>
        <source>Passages per claim:</source>
        <translation>Passagen je Behauptung:</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>Exactly the units in {name} (drawn by Certify).</source>
        <translation>Genau die Einheiten in {name} (von Zertifizieren gezogen).</translation>
    </message>
    <message>
        <source>The same seed draws the same units</source>
        <translation>Derselbe Seed zieht dieselben Einheiten</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Encrypt with a passphrase (tell the rater the passphrase another way)</source>
        <translation>Mit einer Passphrase verschlüsseln (dem Bewerter die Passphrase auf anderem Weg mitteilen)</translation>
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
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Package file</source>
        <translation>Paketdatei</translation>
    </message>
    <message>
        <source>Write package</source>
        <translation>Paket schreiben</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>factaudit projects (*.faproj)</source>
        <translation>factaudit-Projekte (*.faproj)</translation>
    </message>
    <message>
        <source>Type the rater's name.</source>
        <translation>Den Namen des Bewerters eingeben.</translation>
    </message>
    <message>
        <source>Choose where to write the package.</source>
        <translation>Auswählen, wohin das Paket geschrieben wird.</translation>
    </message>
    <message>
        <source>{name} already exists; choose another name.</source>
        <translation>{name} existiert bereits; einen anderen Namen wählen.</translation>
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
        <source>Writing the package…</source>
        <translation>Paket wird geschrieben…</translation>
    </message>
    <message>
        <source>Writing the rater package</source>
        <translation>Bewerterpaket wird geschrieben</translation>
    </message>
    <message>
        <source>Wrote {name}: {n_units} {what} for {rater}, codebook v{codebook_version}, signed {sender}. Send it to {rater}: they open it in factaudit, label, and send back the file File › Return labels… writes.</source>
        <translation>{name} geschrieben: {n_units} {what} für {rater}, Codebuch v{codebook_version}, signiert von {sender}. An {rater} senden: Die Person öffnet es in factaudit, labelt und schickt die Datei zurück, die Datei › Labels zurückgeben… schreibt.</translation>
    </message>
    <message>
        <source>Not written: {v0}</source>
        <translation>Nicht geschrieben: {v0}</translation>
    </message>
</context>
<context>
    <name>SentenceRaterView</name>
    <message>
        <source>All {n} sentences seen</source>
        <translation>Alle {n} Sätze gesehen</translation>
    </message>
    <message>
        <source>&lt;b&gt;All done.&lt;/b&gt; Return the labels with File › Return labels…</source>
        <translation>&lt;b&gt;Alles erledigt.&lt;/b&gt; Die Labels mit Datei › Labels zurückgeben… zurückschicken</translation>
    </message>
    <message>
        <source>Sentence {v0} of {v1}</source>
        <translation>Satz {v0} von {v1}</translation>
    </message>
    <message>
        <source>&lt;i&gt;(this sentence is not in the package)&lt;/i&gt;</source>
        <translation>&lt;i&gt;(dieser Satz ist nicht im Paket)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Sentence {v0} ({sid}) labelled {label}.</source>
        <translation>Satz {v0} ({sid}) als {label} gelabelt.</translation>
    </message>
    <message>
        <source>saving a label</source>
        <translation>Label wird gespeichert</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Oberfläche</translation>
    </message>
    <message>
        <source>The system's ({language})</source>
        <translation>Die des Systems ({language})</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Reopen the windows now</source>
        <translation>Fenster jetzt neu öffnen</translation>
    </message>
    <message>
        <source>Annotator</source>
        <translation>Annotator</translation>
    </message>
    <message>
        <source>Name offered in a new project</source>
        <translation>In einem neuen Projekt vorgeschlagener Name</translation>
    </message>
    <message>
        <source>asked at the first label</source>
        <translation>wird beim ersten Label erfragt</translation>
    </message>
    <message>
        <source>Name in {project}</source>
        <translation>Name in {project}</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Demo and data</source>
        <translation>Demo und Daten</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>New windows and dialogs use {language} now; the open windows change when they are reopened.</source>
        <translation>Neue Fenster und Dialoge verwenden jetzt {language}; die offenen Fenster wechseln, wenn sie neu geöffnet werden.</translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <source>Runs offline on embedded models. Verify uses the embedded classifier ({classifier}: fast verdicts, no reasoning) unless you choose the embedded LLM (Qwen2.5-Coder-1.5B, which writes reasoning, about half a minute a claim on 2 cores; SmolLM2-135M is a faster demo-grade one). For real audits put an NLI classifier folder or a stronger GGUF model into &lt;b&gt;local_models/&lt;/b&gt; or use an OpenAI-compatible endpoint.</source>
        <translation>Läuft offline mit eingebetteten Modellen. Prüfen verwendet den eingebetteten Klassifikator ({classifier}: schnelle Urteile, keine Begründung), sofern Sie nicht das eingebettete LLM wählen (Qwen2.5-Coder-1.5B, das eine Begründung schreibt, etwa eine halbe Minute pro Behauptung auf 2 Kernen; SmolLM2-135M ist schneller, aber nur für Demos gedacht). Für echte Audits einen NLI-Klassifikator-Ordner oder ein stärkeres GGUF-Modell in &lt;b&gt;local_models/&lt;/b&gt; legen oder einen OpenAI-kompatiblen Endpunkt verwenden.</translation>
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
        <source>(file not found)</source>
        <translation>(Datei nicht gefunden)</translation>
    </message>
    <message>
        <source>  (not found)</source>
        <translation>  (nicht gefunden)</translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation>Aus der Liste entfernen</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <source>Interface language, annotator name and folders (Ctrl+,)</source>
        <translation>Sprache der Oberfläche, Name des Annotators und Ordner (Strg+,)</translation>
    </message>
</context>
<context>
    <name>StepRow</name>
    <message>
        <source>Send to a rater…</source>
        <translation>An einen Bewerter senden…</translation>
    </message>
    <message>
        <source>Open taxonomy</source>
        <translation>Taxonomie öffnen</translation>
    </message>
    <message>
        <source>Open agreement</source>
        <translation>Übereinstimmung öffnen</translation>
    </message>
    <message>
        <source>Open conflicts</source>
        <translation>Konflikte öffnen</translation>
    </message>
    <message>
        <source>Open answers</source>
        <translation>Antworten öffnen</translation>
    </message>
    <message>
        <source>Back to the list</source>
        <translation>Wieder aufnehmen</translation>
    </message>
    <message>
        <source>Move on: Next skips this step; its count is kept and you can come back</source>
        <translation>Weiter: „Nächster Schritt“ überspringt diesen Schritt; seine Zählung bleibt, Sie können zurückkehren</translation>
    </message>
    <message>
        <source>Enough for now</source>
        <translation>Vorerst genug</translation>
    </message>
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
    <name>StressPanel</name>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Original [95% CI]</source>
        <translation>Original [95%-KI]</translation>
    </message>
    <message>
        <source>Naturalized [95% CI]</source>
        <translation>Naturalisiert [95%-KI]</translation>
    </message>
    <message>
        <source>Drop [95% CI]</source>
        <translation>Rückgang [95%-KI]</translation>
    </message>
    <message>
        <source>Naturalized stress test</source>
        <translation>Naturalisierter Stresstest</translation>
    </message>
    <message>
        <source>Answer the chosen run's items again with each templated answer in the documents rewritten into running text, and show how far its figures drop</source>
        <translation>Die Items des gewählten Laufs erneut beantworten, wobei jede schablonenhafte Antwort in den Dokumenten in Fließtext umgeschrieben ist, und zeigen, wie weit seine Kennzahlen fallen</translation>
    </message>
    <message>
        <source>Answering the rewritten items again…</source>
        <translation>Beantworte die umgeschriebenen Items erneut…</translation>
    </message>
    <message>
        <source>No stress test: {v0}</source>
        <translation>Kein Stresstest: {v0}</translation>
    </message>
    <message>
        <source>{run} ({variant}) on naturalized documents: {docs} of {n} documents rewritten ({mentions} answer mentions); {changed} of {items} items scored differently. Drop = original − naturalized, paired bootstrap 95%.</source>
        <translation>{run} ({variant}) auf naturalisierten Dokumenten: {docs} von {n} Dokumenten umgeschrieben ({mentions} Antworterwähnungen); {changed} von {items} Items anders bewertet. Rückgang = Original − naturalisiert, gepaarter Bootstrap 95 %.</translation>
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
    <message>
        <source>Label</source>
        <translation>Labeln</translation>
    </message>
    <message>
        <source>Codebook</source>
        <translation>Codebuch</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>Übereinstimmung</translation>
    </message>
    <message>
        <source>Taxonomy</source>
        <translation>Taxonomie</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>Experimente</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>Prompts</translation>
    </message>
    <message>
        <source>Lexicon</source>
        <translation>Lexikon</translation>
    </message>
    <message>
        <source>Gates</source>
        <translation>Schwellen</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>Preise</translation>
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
    <message>
        <source>Could not read the items: {reason}</source>
        <translation>Die Einträge konnten nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>Could not read the sentences: {reason}</source>
        <translation>Die Sätze konnten nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>Could not read the claims: {reason}</source>
        <translation>Die Behauptungen konnten nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>Could not read the passages: {reason}</source>
        <translation>Die Passagen konnten nicht gelesen werden: {reason}</translation>
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
        <source>— (no verdict)</source>
        <translation>— (kein Urteil)</translation>
    </message>
    <message>
        <source> · trimmed</source>
        <translation> · gekürzt</translation>
    </message>
    <message>
        <source> · ⚠ suspected instructions in evidence</source>
        <translation> · ⚠ vermutete Anweisungen in der Evidenz</translation>
    </message>
    <message>
        <source> · ⚠ reasoning says {verdict}</source>
        <translation> · ⚠ Begründung sagt {verdict}</translation>
    </message>
    <message>
        <source>{v0} verdicts, {failures} parse failures (shown, never counted as a verdict); verdicts whose evidence contains suspected instructions: {v1}; verdicts their own reasoning contradicts: {v2}</source>
        <translation>{v0} Urteile, {failures} Auswertungsfehler (angezeigt, nie als Urteil gezählt); Urteile, deren Evidenz mutmaßliche Anweisungen enthält: {v1}; Urteile, denen die eigene Begründung widerspricht: {v2}</translation>
    </message>
    <message>
        <source>claim {id}</source>
        <translation>Behauptung {id}</translation>
    </message>
    <message>
        <source>No verdict recorded for this claim.</source>
        <translation>Für diese Behauptung ist kein Urteil gespeichert.</translation>
    </message>
    <message>
        <source>parse failure — no verdict</source>
        <translation>Parse-Fehler — kein Urteil</translation>
    </message>
    <message>
        <source>, evidence trimmed to fit the context</source>
        <translation>, Evidenz auf den Kontext gekürzt</translation>
    </message>
    <message>
        <source>{seconds} s · scores: {scores}</source>
        <translation>{seconds} s · Werte: {scores}</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ The reasoning contradicts the verdict:&lt;/b&gt; it concludes {said}, the verdict is {verdict}. Neither is corrected; review this claim.</source>
        <translation>&lt;b&gt;⚠ Die Begründung widerspricht dem Urteil:&lt;/b&gt; sie folgert {said}, das Urteil ist {verdict}. Keines von beiden wird korrigiert; diese Behauptung prüfen.</translation>
    </message>
    <message>
        <source>{prompt} prompt + {completion} completion tokens, {seconds} s</source>
        <translation>{prompt} Prompt- + {completion} Antwort-Tokens, {seconds} s</translation>
    </message>
    <message>
        <source>raw output:</source>
        <translation>Rohausgabe:</translation>
    </message>
    <message>
        <source>[used]</source>
        <translation>[genutzt]</translation>
    </message>
    <message>
        <source>stance: &lt;b&gt;{stance}&lt;/b&gt;</source>
        <translation>Haltung: &lt;b&gt;{stance}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>[drove the verdict: {what}]</source>
        <translation>[bestimmte das Urteil: {what}]</translation>
    </message>
    <message>
        <source>(rank {rank})</source>
        <translation>(Rang {rank})</translation>
    </message>
    <message>
        <source>No passages.</source>
        <translation>Keine Passagen.</translation>
    </message>
    <message>
        <source>supports</source>
        <translation>stützt</translation>
    </message>
    <message>
        <source>refutes</source>
        <translation>widerlegt</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutral</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>repaired</source>
        <translation>repariert</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>VerifyDialog</name>
    <message>
        <source>Stance cascade (classifier picks the evidence, LLM decides)</source>
        <translation>Stance-Kaskade (Klassifikator wählt die Evidenz, LLM entscheidet)</translation>
    </message>
    <message>
        <source>The classifier picks the evidence windows that bear on the claim (No Evidence when none does); the LLM decides Supported or Refuted on those windows only, by log-probability against a threshold τ fitted on SciFact train. A few seconds a claim on 2 cores; no reasoning unless asked for.</source>
        <translation>Der Klassifikator wählt die Evidenzfenster, die die Behauptung betreffen (Keine Evidenz, wenn keines es tut); das LLM entscheidet nur auf diesen Fenstern zwischen Gestützt und Widerlegt, per Log-Wahrscheinlichkeit gegen einen auf SciFact-Train angepassten Schwellenwert τ. Einige Sekunden pro Behauptung auf 2 Kernen; keine Begründung, außer auf Wunsch.</translation>
    </message>
    <message>
        <source>Whole passages</source>
        <translation>Ganze Passagen</translation>
    </message>
    <message>
        <source>Best 5 sentences of each passage</source>
        <translation>Die besten 5 Sätze jeder Passage</translation>
    </message>
    <message>
        <source>Best 3 sentences of each passage (about 2× faster, less accurate)</source>
        <translation>Die besten 3 Sätze jeder Passage (etwa 2× schneller, weniger genau)</translation>
    </message>
    <message>
        <source>Best 2 sentences of each passage</source>
        <translation>Die besten 2 Sätze jeder Passage</translation>
    </message>
    <message>
        <source>Best sentences up to 600 tokens in all</source>
        <translation>Die besten Sätze bis insgesamt 600 Tokens</translation>
    </message>
    <message>
        <source>Generate the verdict</source>
        <translation>Urteil generieren</translation>
    </message>
    <message>
        <source>Log-probabilities of the four verdicts</source>
        <translation>Log-Wahrscheinlichkeiten der vier Urteile</translation>
    </message>
    <message>
        <source>Log-probabilities, contextually calibrated</source>
        <translation>Log-Wahrscheinlichkeiten, kontextuell kalibriert</translation>
    </message>
    <message>
        <source>Fast: a small model scores every (claim, passage sentence) pair, about a second a claim on one CPU thread (an LLM takes tens of seconds). Each verdict shows the sentence that drove it and its probability; there is no reasoning to label.</source>
        <translation>Schnell: Ein kleines Modell bewertet jedes Paar (Behauptung, Passagensatz), etwa eine Sekunde pro Behauptung auf einem CPU-Thread (ein LLM braucht Dutzende Sekunden). Jedes Urteil zeigt den ausschlaggebenden Satz und seine Wahrscheinlichkeit; es gibt keine Begründung zu labeln.</translation>
    </message>
    <message>
        <source>Slow: a language model reads the passages and writes its reasoning, tens of seconds a claim on a laptop CPU. Use it for reasoning labels, or on the claims you want explained.</source>
        <translation>Langsam: Ein Sprachmodell liest die Passagen und schreibt seine Begründung, Dutzende Sekunden pro Behauptung auf einer Laptop-CPU. Für Begründungs-Labels verwenden oder für die Behauptungen, die erklärt werden sollen.</translation>
    </message>
    <message>
        <source> — may not fit in RAM</source>
        <translation> — passt evtl. nicht in den Arbeitsspeicher</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>binär</translation>
    </message>
    <message>
        <source>3-way NLI</source>
        <translation>3-Klassen-NLI</translation>
    </message>
    <message>
        <source>Verify claims</source>
        <translation>Behauptungen prüfen</translation>
    </message>
    <message>
        <source>Retrieval run</source>
        <translation>Retrieval-Lauf</translation>
    </message>
    <message>
        <source>Verify against the gold passages instead (no retrieval run)</source>
        <translation>Stattdessen gegen die Gold-Passagen prüfen (kein Retrieval-Lauf)</translation>
    </message>
    <message>
        <source>Fast classifier verdicts</source>
        <translation>Schnelle Klassifikator-Urteile</translation>
    </message>
    <message>
        <source>Verdicts with reasoning (LLM, slow)</source>
        <translation>Urteile mit Begründung (LLM, langsam)</translation>
    </message>
    <message>
        <source>Classifier</source>
        <translation>Klassifikator</translation>
    </message>
    <message>
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <source>Model pair</source>
        <translation>Modellpaar</translation>
    </message>
    <message>
        <source>needs a classifier and an in-process LLM</source>
        <translation>braucht einen Klassifikator und ein LLM im Prozess</translation>
    </message>
    <message>
        <source>{pair}; τ = {tau} fitted on SciFact train</source>
        <translation>{pair}; τ = {tau}, auf SciFact-Train angepasst</translation>
    </message>
    <message>
        <source>{pair}; τ = 0: no threshold fitted for this pair</source>
        <translation>{pair}; τ = 0: für dieses Paar ist kein Schwellenwert angepasst</translation>
    </message>
    <message>
        <source>optional: the model's own thresholds</source>
        <translation>optional: die eigenen Schwellenwerte des Modells</translation>
    </message>
    <message>
        <source>A JSON file {examples}; it overrides the thresholds shipped with the model and is pinned in the run</source>
        <translation>Eine JSON-Datei {examples}; sie ersetzt die mit dem Modell gelieferten Schwellenwerte und wird im Lauf fixiert</translation>
    </message>
    <message>
        <source>{a} or {b}</source>
        <translation>{a} oder {b}</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Thresholds file</source>
        <translation>Schwellenwertdatei</translation>
    </message>
    <message>
        <source>OpenAI-compatible endpoint…</source>
        <translation>OpenAI-kompatibler Endpunkt…</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>the server's model name</source>
        <translation>der Modellname des Servers</translation>
    </message>
    <message>
        <source>Endpoint URL</source>
        <translation>Endpunkt-URL</translation>
    </message>
    <message>
        <source>Endpoint model</source>
        <translation>Endpunkt-Modell</translation>
    </message>
    <message>
        <source>joint</source>
        <translation>gemeinsam</translation>
    </message>
    <message>
        <source>per-passage</source>
        <translation>je Passage</translation>
    </message>
    <message>
        <source>joint: all k passages in one prompt; per-passage: one stance per passage, then support only → Supported, refute only → Refuted, both → Ambiguous</source>
        <translation>gemeinsam: alle k Passagen in einem Prompt; je Passage: eine Haltung pro Passage, dann nur Stützung → Gestützt, nur Widerlegung → Widerlegt, beides → Mehrdeutig</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>What of each passage the verifier reads: the sentences that best match the claim (BM25 within the passage, in passage order) halve the prompt</source>
        <translation>Was das Prüfmodell von jeder Passage liest: die Sätze, die am besten zur Behauptung passen (BM25 innerhalb der Passage, in Passagenreihenfolge), halbieren den Prompt</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidenz</translation>
    </message>
    <message>
        <source>Log-probability scoring rates the four verdicts in one pass (in-process GGUF models, joint mode); contextual calibration corrects the model's bias toward one verdict with content-free inputs</source>
        <translation>Die Log-Wahrscheinlichkeits-Bewertung bewertet die vier Urteile in einem Durchgang (GGUF-Modelle im Prozess, gemeinsamer Modus); die kontextuelle Kalibrierung korrigiert mit inhaltsfreien Eingaben die Neigung des Modells zu einem Urteil</translation>
    </message>
    <message>
        <source>Verdict scoring</source>
        <translation>Urteilsbewertung</translation>
    </message>
    <message>
        <source>Reuse the cached prompt prefix (faster; may change greedy output slightly)</source>
        <translation>Zwischengespeichertes Prompt-Präfix wiederverwenden (schneller; kann die Greedy-Ausgabe leicht verändern)</translation>
    </message>
    <message>
        <source>Passages per claim (k)</source>
        <translation>Passagen je Behauptung (k)</translation>
    </message>
    <message>
        <source>all claims</source>
        <translation>alle Behauptungen</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>Grounding control: the same verifier with the passages removed</source>
        <translation>Grounding-Kontrolle: derselbe Prüfer ohne die Passagen</translation>
    </message>
    <message>
        <source>Results then shows how many verdicts stay the same without evidence (verdicts resting on the model's own knowledge) beside the real run</source>
        <translation>Die Ergebnisse zeigen dann neben dem echten Lauf, wie viele Urteile ohne Evidenz gleich bleiben (Urteile, die auf dem eigenen Wissen des Modells beruhen)</translation>
    </message>
    <message>
        <source>Unfinished runs</source>
        <translation>Unvollständige Läufe</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Fast classifier verdicts (no classifier model found)</source>
        <translation>Schnelle Klassifikator-Urteile (kein Klassifikatormodell gefunden)</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source> The embedded SmolLM2-135M is demo-grade: fine to try the pipeline and to get reasoning to label, not for real audits.</source>
        <translation> Das eingebettete SmolLM2-135M ist nur für Demos geeignet: gut, um die Pipeline auszuprobieren und Begründungen zum Labeln zu erhalten, nicht für echte Audits.</translation>
    </message>
    <message>
        <source> The embedded Qwen2.5-Coder-1.5B is the default LLM and writes the reasoning; it is slower, about half a minute a claim with reasoning on 2 cores. The classifier stays the fast default.</source>
        <translation> Das eingebettete Qwen2.5-Coder-1.5B ist das Standard-LLM und schreibt die Begründungen; es ist langsamer, etwa eine halbe Minute pro Behauptung mit Begründung auf 2 Kernen. Der Klassifikator bleibt die schnelle Voreinstellung.</translation>
    </message>
    <message>
        <source>Claims and passages are sent to this server. The key comes from the OS keyring or FACTAUDIT_API_KEY and is never stored in the project.</source>
        <translation>Behauptungen und Passagen werden an diesen Server gesendet. Der Schlüssel kommt aus dem Schlüsselbund des Betriebssystems oder aus FACTAUDIT_API_KEY und wird nie im Projekt gespeichert.</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>Wird geschätzt…</translation>
    </message>
    <message>
        <source>Estimating</source>
        <translation>Schätzung</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Nicht gestartet.</translation>
    </message>
    <message>
        <source>{n}; classifier claims are fast (about a second each on one thread): no need to slice the run.</source>
        <translation>{n}; Klassifikator-Behauptungen sind schnell (etwa eine Sekunde pro Stück auf einem Thread): kein Grund, den Lauf aufzuteilen.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Modell wird geladen…</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>No finished retrieval run yet: retrieve evidence first.</source>
        <translation>Noch kein abgeschlossener Retrieval-Lauf: zuerst Evidenz abrufen.</translation>
    </message>
    <message>
        <source>no verdicts</source>
        <translation>keine Urteile</translation>
    </message>
    <message>
        <source>{run_id}: {n_verdicts}/{n_claims} claims in {seconds} s — {counts}; {n_parse_failures} parse failures.</source>
        <translation>{run_id}: {n_verdicts}/{n_claims} Behauptungen in {seconds} s — {counts}; {n_parse_failures} Auswertungsfehler.</translation>
    </message>
    <message>
        <source> The verdicts so far are kept; Resume continues {run}.</source>
        <translation> Die bisherigen Urteile bleiben erhalten; Fortsetzen setzt {run} fort.</translation>
    </message>
    <message>
        <source>Failed: {v0}.{hint}</source>
        <translation>Fehlgeschlagen: {v0}.{hint}</translation>
    </message>
    <message>
        <source>Cancelled. The verdicts so far are kept; Resume finishes the run.</source>
        <translation>Abgebrochen. Die bisherigen Urteile bleiben erhalten; Fortsetzen beendet den Lauf.</translation>
    </message>
    <message>
        <source>{id} ({status}, {n} verdicts)</source>
        <translation>{id} ({status}, {n} Urteile)</translation>
    </message>
    <message>
        <source>shipped template</source>
        <translation>mitgelieferte Vorlage</translation>
    </message>
    <message>
        <source>A prompt template saved in the project (Analyses › Prompts), pinned with its text</source>
        <translation>Eine im Projekt gespeicherte Prompt-Vorlage (Analysen › Prompts), mit ihrem Text festgehalten</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
</context>
<context>
    <name>WorkflowView</name>
    <message>
        <source>Other paths in this project</source>
        <translation>Weitere Wege in diesem Projekt</translation>
    </message>
    <message>
        <source>Marking a step enough for now</source>
        <translation>Schritt wird als vorerst genug markiert</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every step is done, skipped or enough for now.&lt;/b&gt; Seal again after further changes.</source>
        <translation>&lt;b&gt;Jeder Schritt ist erledigt, übersprungen oder vorerst genug.&lt;/b&gt; Nach weiteren Änderungen erneut versiegeln.</translation>
    </message>
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
        <source>&lt;b&gt;Next: {title}.&lt;/b&gt; {purpose}</source>
        <translation>&lt;b&gt;Als Nächstes: {title}.&lt;/b&gt; {purpose}</translation>
    </message>
    <message>
        <source>Use pre-labels</source>
        <translation>Vorlabels verwenden</translation>
    </message>
</context>
<context>
    <name>attribution</name>
    <message>
        <source>No passage had text to score.</source>
        <translation>Keine Passage hatte Text zum Bewerten.</translation>
    </message>
    <message>
        <source>a window</source>
        <translation>ein Fenster</translation>
    </message>
    <message>
        <source>sentence {n}</source>
        <translation>Satz {n}</translation>
    </message>
    <message>
        <source>sentences {first}-{last}</source>
        <translation>Sätze {first}–{last}</translation>
    </message>
    <message>
        <source>P({label}) = {prob}, passage {passage}, {where}</source>
        <translation>P({label}) = {prob}, Passage {passage}, {where}</translation>
    </message>
    <message>
        <source>({n} more characters, highlighted below)</source>
        <translation>({n} weitere Zeichen, unten hervorgehoben)</translation>
    </message>
    <message>
        <source>What drove the verdict:</source>
        <translation>Was das Urteil bestimmte:</translation>
    </message>
    <message>
        <source>A classifier verdict has no reasoning: the highlighted sentence is the evidence window with the highest probability for it.</source>
        <translation>Ein Klassifikator-Urteil hat keine Begründung: der hervorgehobene Satz ist das Evidenzfenster mit der höchsten Wahrscheinlichkeit dafür.</translation>
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
        <source>run {runs}</source>
        <translation>Lauf {runs}</translation>
    </message>
    <message>
        <source>runs {runs}</source>
        <translation>Läufe {runs}</translation>
    </message>
    <message>
        <source>1 annotation</source>
        <translation>1 Annotation</translation>
    </message>
    <message>
        <source>{n} annotations</source>
        <translation>{n} Annotationen</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
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
    <name>import_plan</name>
    <message>
        <source>Gold labels</source>
        <translation>Gold-Labels</translation>
    </message>
    <message>
        <source>Sentence labels</source>
        <translation>Satz-Labels</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>Passagen</translation>
    </message>
    <message>
        <source>items</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ready:&lt;/b&gt; would import {counts}.</source>
        <translation>&lt;b&gt;Bereit:&lt;/b&gt; würde {counts} importieren.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Would fail&lt;/b&gt; with 1 problem (listed below): nothing would be imported. Fix the file or the settings, or import the valid records only.</source>
        <translation>&lt;b&gt;Würde fehlschlagen&lt;/b&gt; mit 1 Problem (unten aufgeführt): nichts würde importiert. Die Datei oder die Einstellungen korrigieren oder nur die gültigen Datensätze importieren.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Would fail&lt;/b&gt; with {n} problems (listed below): nothing would be imported. Fix the file or the settings, or import the valid records only.</source>
        <translation>&lt;b&gt;Würde fehlschlagen&lt;/b&gt; mit {n} Problemen (unten aufgeführt): nichts würde importiert. Die Datei oder die Einstellungen korrigieren oder nur die gültigen Datensätze importieren.</translation>
    </message>
    <message>
        <source>Not read (would be dropped): {columns}. Map them above if they hold one of our fields.</source>
        <translation>Nicht gelesen (würde verworfen): {columns}. Oben zuordnen, falls sie eines unserer Felder enthalten.</translation>
    </message>
    <message>
        <source>Values of {column} no label mapping covers: {values}</source>
        <translation>Werte von {column}, die keine Label-Zuordnung abdeckt: {values}</translation>
    </message>
    <message>
        <source>1 invalid record would be left out and listed in a side file.</source>
        <translation>1 ungültiger Datensatz würde ausgelassen und in einer Nebendatei aufgeführt.</translation>
    </message>
    <message>
        <source>{n} invalid records would be left out and listed in a side file.</source>
        <translation>{n} ungültige Datensätze würden ausgelassen und in einer Nebendatei aufgeführt.</translation>
    </message>
    <message>
        <source>{n} gold passage ids are not in the project's corpus.</source>
        <translation>{n} Gold-Passagen-IDs sind nicht im Korpus des Projekts.</translation>
    </message>
</context>
<context>
    <name>long_run</name>
    <message>
        <source>{n} claim</source>
        <translation>{n} Behauptung</translation>
    </message>
    <message>
        <source>{n} claims</source>
        <translation>{n} Behauptungen</translation>
    </message>
    <message>
        <source>measured on {n} earlier claims</source>
        <translation>gemessen an {n} früheren Behauptungen</translation>
    </message>
    <message>
        <source>{n} passage</source>
        <translation>{n} Passage</translation>
    </message>
    <message>
        <source>{n} passages</source>
        <translation>{n} Passagen</translation>
    </message>
    <message>
        <source>measured on {n} earlier passages</source>
        <translation>gemessen an {n} früheren Passagen</translation>
    </message>
    <message>
        <source>{n} verdict</source>
        <translation>{n} Urteil</translation>
    </message>
    <message>
        <source>{n} verdicts</source>
        <translation>{n} Urteile</translation>
    </message>
    <message>
        <source>measured on {n} earlier verdicts</source>
        <translation>gemessen an {n} früheren Urteilen</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} s</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} min</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} h {m} min</translation>
    </message>
    <message>
        <source>{n}; no speed measured for this model on this computer yet (this run measures it).</source>
        <translation>{n}; für dieses Modell wurde auf diesem Computer noch keine Geschwindigkeit gemessen (dieser Lauf misst sie).</translation>
    </message>
    <message>
        <source>{n} ≈ {duration} on this computer ({measured}).</source>
        <translation>{n} ≈ {duration} auf diesem Computer ({measured}).</translation>
    </message>
    <message>
        <source>Start with {n}?</source>
        <translation>Mit {n} beginnen?</translation>
    </message>
    <message>
        <source>A long run</source>
        <translation>Ein langer Lauf</translation>
    </message>
    <message>
        <source>Start with {n}</source>
        <translation>Mit {n} beginnen</translation>
    </message>
    <message>
        <source>Run all {n_units}</source>
        <translation>Alle {n_units} ausführen</translation>
    </message>
</context>
<context>
    <name>ops</name>
    <message>
        <source>the {name} setting</source>
        <translation>die Einstellung „{name}“</translation>
    </message>
    <message>
        <source>Unexpected error ({type}): {message}</source>
        <translation>Unerwarteter Fehler ({type}): {message}</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>Evidenz</translation>
    </message>
    <message>
        <source>prompt cache</source>
        <translation>Prompt-Cache</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Open Models</source>
        <translation>Modelle öffnen</translation>
    </message>
    <message>
        <source>Choose a run</source>
        <translation>Einen Lauf wählen</translation>
    </message>
    <message>
        <source>all units</source>
        <translation>alle Einheiten</translation>
    </message>
    <message>
        <source>calibration</source>
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <source>confirm on</source>
        <translation>Bestätigen bei</translation>
    </message>
    <message>
        <source>dataset name</source>
        <translation>Datensatzname</translation>
    </message>
    <message>
        <source>dimensions</source>
        <translation>Dimensionen</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>id prefix</source>
        <translation>ID-Präfix</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>kind of records</source>
        <translation>Art der Datensätze</translation>
    </message>
    <message>
        <source>level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>value map</source>
        <translation>Wertezuordnung</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>words per passage</source>
        <translation>Wörter pro Passage</translation>
    </message>
    <message>
        <source>rater</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>file for rejected records</source>
        <translation>Datei für abgelehnte Datensätze</translation>
    </message>
    <message>
        <source>retrieval run</source>
        <translation>Suchlauf</translation>
    </message>
    <message>
        <source>retrievers</source>
        <translation>Retriever</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>scoring</source>
        <translation>Bewertungsart</translation>
    </message>
    <message>
        <source>split</source>
        <translation>Split</translation>
    </message>
    <message>
        <source>strata</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>target half-width</source>
        <translation>Ziel-Halbbreite</translation>
    </message>
    <message>
        <source>trusted keys</source>
        <translation>vertrauenswürdige Schlüssel</translation>
    </message>
    <message>
        <source>number of units</source>
        <translation>Anzahl der Einheiten</translation>
    </message>
    <message>
        <source>units from</source>
        <translation>Einheiten aus</translation>
    </message>
    <message>
        <source>“Resume”</source>
        <translation>„Fortsetzen“</translation>
    </message>
    <message>
        <source>lenient penalty</source>
        <translation>Abzug bei nachsichtiger Bewertung</translation>
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
    <name>query_op</name>
    <message>
        <source>Could not read this: {v0}</source>
        <translation>Konnte nicht gelesen werden: {v0}</translation>
    </message>
</context>
<context>
    <name>rater_adjudication</name>
    <message>
        <source>{v0} of {claim_id}: {v1} (by {adjudicator}). {done} of {v2} adjudicated.</source>
        <translation>{v0} von {claim_id}: {v1} (von {adjudicator}). {done} von {v2} geschlichtet.</translation>
    </message>
</context>
<context>
    <name>rater_labeling</name>
    <message>
        <source>Keys: 1–9 choose · Enter/Tab next · Shift+Tab back · Backspace undo</source>
        <translation>Tasten: 1–9 wählen · Enter/Tab weiter · Shift+Tab zurück · Rücktaste rückgängig</translation>
    </message>
    <message>
        <source>Keys: 1 correct · 2 error · → next · ← or Backspace back</source>
        <translation>Tasten: 1 korrekt · 2 Fehler · → weiter · ← oder Rücktaste zurück</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Korrekt</translation>
    </message>
    <message>
        <source>Contains an error</source>
        <translation>Enthält einen Fehler</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>Nicht gespeichert: {v0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Question:&lt;/b&gt; {question}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Frage:&lt;/b&gt; {question}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Answer&lt;/b&gt; (the sentence to label is marked):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Antwort&lt;/b&gt; (der zu labelnde Satz ist markiert):&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>rater_merge</name>
    <message>
        <source>Disagreements to adjudicate: {n}.</source>
        <translation>Zu schlichtende Abweichungen: {n}.</translation>
    </message>
    <message>
        <source>{n} units overlap ({parts}); κ per dimension ready.</source>
        <translation>{n} Einheiten überlappen ({parts}); κ je Dimension bereit.</translation>
    </message>
    <message>
        <source>0 units overlap: {people} labelled different units, so κ cannot be computed; send the units labelled here (File › Send to a rater…).</source>
        <translation>0 Einheiten überlappen: {people} haben verschiedene Einheiten gelabelt, κ ist nicht berechenbar; die hier gelabelten Einheiten senden (Datei › An einen Bewerter senden…).</translation>
    </message>
    <message>
        <source>No second rater's labels yet: nothing to compare.</source>
        <translation>Noch keine Labels eines zweiten Bewerters: nichts zu vergleichen.</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>Evidenz</translation>
    </message>
    <message>
        <source>factaudit return files (*.faproj);;All files (*)</source>
        <translation>factaudit-Rückgabedateien (*.faproj);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Signature: the file is damaged or truncated; it cannot be merged.</source>
        <translation>Signatur: Die Datei ist beschädigt oder abgeschnitten; sie kann nicht zusammengeführt werden.</translation>
    </message>
    <message>
        <source>changed since it was signed</source>
        <translation>seit der Signatur verändert</translation>
    </message>
    <message>
        <source>Signature: NOT valid ({why}); it cannot be merged.</source>
        <translation>Signatur: NICHT gültig ({why}); die Datei kann nicht zusammengeführt werden.</translation>
    </message>
    <message>
        <source>a key you trust</source>
        <translation>ein Schlüssel, dem Sie vertrauen</translation>
    </message>
    <message>
        <source>a key not in your trusted keys (check the fingerprint with the rater)</source>
        <translation>ein Schlüssel, der nicht zu Ihren vertrauenswürdigen Schlüsseln gehört (Fingerabdruck mit dem Bewerter abgleichen)</translation>
    </message>
    <message>
        <source>Signature: valid, signed by {signer}, {trust}.</source>
        <translation>Signatur: gültig, signiert von {signer}, {trust}.</translation>
    </message>
    <message>
        <source> ({n} were already here)</source>
        <translation> ({n} waren bereits vorhanden)</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>vertrauenswürdig</translation>
    </message>
    <message>
        <source>not in your trusted keys</source>
        <translation>nicht unter Ihren vertrauenswürdigen Schlüsseln</translation>
    </message>
    <message>
        <source>Nothing new: every label by {rater} in {file} is already in this project{again}.</source>
        <translation>Nichts Neues: Jedes Label von {rater} in {file} ist bereits in diesem Projekt{again}.</translation>
    </message>
    <message>
        <source>Merged {n} labels by {rater} from {file}{again}; signed {key} ({trust}).</source>
        <translation>{n} Labels von {rater} aus {file} zusammengeführt{again}; signiert {key} ({trust}).</translation>
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
    <message>
        <source>correct</source>
        <translation>korrekt</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
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
        <source>item {id}</source>
        <translation>Eintrag {id}</translation>
    </message>
    <message>
        <source>expert: &lt;b&gt;{expert}&lt;/b&gt; · system: &lt;b&gt;{system}&lt;/b&gt; (under {mapping})</source>
        <translation>Experte: &lt;b&gt;{expert}&lt;/b&gt; · System: &lt;b&gt;{system}&lt;/b&gt; (unter {mapping})</translation>
    </message>
    <message>
        <source>Expert's reason: {reason}</source>
        <translation>Begründung des Experten: {reason}</translation>
    </message>
    <message>
        <source>(flagged as an error)</source>
        <translation>(als Fehler markiert)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Claim {id}:&lt;/b&gt; {text}</source>
        <translation>&lt;b&gt;Behauptung {id}:&lt;/b&gt; {text}</translation>
    </message>
    <message>
        <source>Verdict: &lt;b&gt;{verdict}&lt;/b&gt;</source>
        <translation>Urteil: &lt;b&gt;{verdict}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>gold: {label}</source>
        <translation>Gold: {label}</translation>
    </message>
    <message>
        <source>evidence: {evidence}</source>
        <translation>Evidenz: {evidence}</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ The reasoning contradicts the verdict:&lt;/b&gt; it concludes {said}, the verdict is {verdict}.</source>
        <translation>&lt;b&gt;⚠ Die Begründung widerspricht dem Urteil:&lt;/b&gt; sie folgert {said}, das Urteil ist {verdict}.</translation>
    </message>
    <message>
        <source>Reasoning:</source>
        <translation>Begründung:</translation>
    </message>
    <message>
        <source> (none recorded)</source>
        <translation> (nichts aufgezeichnet)</translation>
    </message>
    <message>
        <source>No passages.</source>
        <translation>Keine Passagen.</translation>
    </message>
    <message>
        <source>The verifier received the top {k} passages (marked ▶); ✔ marks the passage whose sentence drove the verdict.</source>
        <translation>Der Prüfer erhielt die Top-{k}-Passagen (mit ▶ markiert); ✔ markiert die Passage, deren Satz das Urteil bestimmte.</translation>
    </message>
    <message>
        <source>The verifier received the top {k} passages (marked ▶); ✔ marks those it says it used.</source>
        <translation>Der Prüfer erhielt die Top-{k}-Passagen (mit ▶ markiert); ✔ markiert die, die er nach eigener Angabe nutzte.</translation>
    </message>
    <message>
        <source>(passage not in the project)</source>
        <translation>(Passage nicht im Projekt)</translation>
    </message>
</context>
<context>
    <name>run_details</name>
    <message>
        <source>only Refuted counts as an error</source>
        <translation>nur Widerlegt zählt als Fehler</translation>
    </message>
    <message>
        <source>Refuted or No Evidence count as errors</source>
        <translation>Widerlegt oder Keine Evidenz zählen als Fehler</translation>
    </message>
    <message>
        <source>Refuted, No Evidence or Ambiguous count as errors</source>
        <translation>Widerlegt, Keine Evidenz oder Mehrdeutig zählen als Fehler</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>**{kind}** run, **{status}**; started {started}, finished {finished}.</source>
        <translation>**{kind}**-Lauf, **{status}**; gestartet {started}, beendet {finished}.</translation>
    </message>
    <message>
        <source>**{kind}** run, **{status}**; started {started}.</source>
        <translation>**{kind}**-Lauf, **{status}**; gestartet {started}.</translation>
    </message>
    <message>
        <source>Error: {error}</source>
        <translation>Fehler: {error}</translation>
    </message>
    <message>
        <source>Counts</source>
        <translation>Anzahlen</translation>
    </message>
    <message>
        <source>Computing the figures…</source>
        <translation>Kennzahlen werden berechnet…</translation>
    </message>
    <message>
        <source>Retrieval against gold evidence</source>
        <translation>Retrieval gegen Gold-Evidenz</translation>
    </message>
    <message>
        <source>{n} claims evaluated, {excluded} without gold left out.</source>
        <translation>{n} Behauptungen bewertet, {excluded} ohne Gold ausgelassen.</translation>
    </message>
    <message>
        <source>**Warning:** {warning}</source>
        <translation>**Warnung:** {warning}</translation>
    </message>
    <message>
        <source>| k | recall | MRR | nDCG | full coverage |</source>
        <translation>| k | Recall | MRR | nDCG | vollständige Abdeckung |</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Retrieval</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Sentence level (an error is the positive class):</source>
        <translation>Satzebene (ein Fehler ist die positive Klasse):</translation>
    </message>
    <message>
        <source>{n} sentences</source>
        <translation>{n} Sätze</translation>
    </message>
    <message>
        <source>Claim level (an error is the positive class):</source>
        <translation>Behauptungsebene (ein Fehler ist die positive Klasse):</translation>
    </message>
    <message>
        <source>{n} claims</source>
        <translation>{n} Behauptungen</translation>
    </message>
    <message>
        <source>| mapping | precision | recall | F1 | n |</source>
        <translation>| Zuordnung | Precision | Recall | F1 | n |</translation>
    </message>
    <message>
        <source>Closed regime (gold verdicts): accuracy {accuracy}, macro-F1 {macro_f1} over {n} claims.</source>
        <translation>Geschlossenes Regime (Gold-Urteile): Genauigkeit {accuracy}, Makro-F1 {macro_f1} über {n} Behauptungen.</translation>
    </message>
    <message>
        <source>{n} outputs did not parse and are left out.</source>
        <translation>{n} Ausgaben waren nicht auswertbar und sind ausgelassen.</translation>
    </message>
    <message>
        <source>Settings and pins</source>
        <translation>Einstellungen und Fixierungen</translation>
    </message>
    <message>
        <source>Provenance</source>
        <translation>Herkunft</translation>
    </message>
</context>
<context>
    <name>run_names</name>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>Retrieval</translation>
    </message>
    <message>
        <source>verification</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>pre-label</source>
        <translation>Vorlabel</translation>
    </message>
    <message>
        <source>decomposition</source>
        <translation>Zerlegung</translation>
    </message>
    <message>
        <source>answering from documents</source>
        <translation>Beantwortung aus Dokumenten</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>Import</translation>
    </message>
</context>
<context>
    <name>run_summary</name>
    <message>
        <source>documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>Passagen</translation>
    </message>
    <message>
        <source>items</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>Behauptungen</translation>
    </message>
    <message>
        <source>retrieval hits</source>
        <translation>Suchtreffer</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>retriever</source>
        <translation>Retriever</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>Zusammenführung</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>index seconds</source>
        <translation>Index-Sekunden</translation>
    </message>
    <message>
        <source>index cache</source>
        <translation>Index-Cache</translation>
    </message>
    <message>
        <source>sentences kept whole (reply did not parse)</source>
        <translation>ganz belassene Sätze (Antwort nicht lesbar)</translation>
    </message>
    <message>
        <source>claims retired</source>
        <translation>ausgemusterte Behauptungen</translation>
    </message>
    <message>
        <source>parse failures</source>
        <translation>Parse-Fehler</translation>
    </message>
    <message>
        <source>outputs repaired</source>
        <translation>reparierte Ausgaben</translation>
    </message>
    <message>
        <source>prompts trimmed</source>
        <translation>gekürzte Prompts</translation>
    </message>
    <message>
        <source>verdicts by label</source>
        <translation>Urteile nach Label</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>Prompt-Token</translation>
    </message>
    <message>
        <source>completion tokens</source>
        <translation>Completion-Token</translation>
    </message>
    <message>
        <source>seconds (last session)</source>
        <translation>Sekunden (letzte Sitzung)</translation>
    </message>
    <message>
        <source>units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>units done</source>
        <translation>erledigte Einheiten</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>codes by dimension</source>
        <translation>Codes nach Dimension</translation>
    </message>
    <message>
        <source>items done</source>
        <translation>erledigte Einträge</translation>
    </message>
    <message>
        <source>model calls</source>
        <translation>Modellaufrufe</translation>
    </message>
    <message>
        <source>conflict outputs</source>
        <translation>Konfliktausgaben</translation>
    </message>
    <message>
        <source>abstentions</source>
        <translation>Enthaltungen</translation>
    </message>
    <message>
        <source>metrics</source>
        <translation>Metriken</translation>
    </message>
    <message>
        <source>intervals</source>
        <translation>Intervalle</translation>
    </message>
    <message>
        <source>conflict items</source>
        <translation>Konfliktfälle</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
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
        <source>Verify with a language model…</source>
        <translation>Mit einem Sprachmodell verifizieren…</translation>
    </message>
    <message>
        <source>No verify run here carries reasoning: classifier verdicts have a probability, not reasoning to label. Verify the claims with a language model now?</source>
        <translation>Kein Prüflauf hier enthält eine Begründung: Klassifikator-Urteile haben eine Wahrscheinlichkeit, keine Begründung zum Labeln. Die Behauptungen jetzt mit einem Sprachmodell verifizieren?</translation>
    </message>
    <message>
        <source>Label reasoning</source>
        <translation>Begründung labeln</translation>
    </message>
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
        <source>The Workflow page lists every step in order; its highlighted step is the next one.</source>
        <translation>Die Seite Arbeitsablauf listet alle Schritte der Reihe nach; der hervorgehobene Schritt ist der nächste.</translation>
    </message>
    <message>
        <source>Labeling</source>
        <translation>Labeln</translation>
    </message>
    <message>
        <source>choose the code with that number for the current dimension</source>
        <translation>den Code mit dieser Nummer für die aktuelle Dimension wählen</translation>
    </message>
    <message>
        <source>Enter, Tab or Right</source>
        <translation>Enter, Tab oder →</translation>
    </message>
    <message>
        <source>next dimension, then the next unit</source>
        <translation>nächste Dimension, dann die nächste Einheit</translation>
    </message>
    <message>
        <source>Shift+Tab or Left</source>
        <translation>Shift+Tab oder ←</translation>
    </message>
    <message>
        <source>previous dimension</source>
        <translation>vorherige Dimension</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Rücktaste</translation>
    </message>
    <message>
        <source>undo the last label</source>
        <translation>das letzte Label rückgängig machen</translation>
    </message>
    <message>
        <source>reveal the hidden pre-label and gold label now</source>
        <translation>das verborgene Vorlabel und Gold-Label jetzt aufdecken</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>triage the disagreement: retrieval error, verification error, wrong gold label</source>
        <translation>die Abweichung einordnen: Retrieval-Fehler, Prüffehler, falsches Gold-Label</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>accept the pre-filled triage</source>
        <translation>die vorausgefüllte Einordnung übernehmen</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>| Key | What it does |</source>
        <translation>| Taste | Wirkung |</translation>
    </message>
    <message>
        <source>On pages</source>
        <translation>Auf Seiten</translation>
    </message>
    <message>
        <source>| Page | Key | What it does |</source>
        <translation>| Seite | Taste | Wirkung |</translation>
    </message>
    <message>
        <source>a note on the current dimension's label (taxonomy induction reads it)</source>
        <translation>eine Notiz zum Label der aktuellen Dimension (die Taxonomie-Induktion liest sie)</translation>
    </message>
</context>
<context>
    <name>InductionView</name>
    <message>
        <source>Taxonomy induction</source>
        <translation>Taxonomie-Induktion</translation>
    </message>
    <message>
        <source>Each round an LLM reads the cases the codebook does not cover (labels with a note or the code “other”, and unexplained disagreements of a verify run) and proposes codes. Accept, merge or reject each, then close the round: the accepted codes make a new codebook version.</source>
        <translation>In jeder Runde liest ein LLM die Fälle, die das Codebuch nicht abdeckt (Labels mit einer Notiz oder dem Code „Sonstiges“ und unerklärte Abweichungen eines Prüflaufs), und schlägt Codes vor. Jeden Vorschlag annehmen, zusammenführen oder ablehnen, dann die Runde abschließen: Die angenommenen Codes ergeben eine neue Codebuch-Version.</translation>
    </message>
    <message>
        <source>Cases from:</source>
        <translation>Fälle aus:</translation>
    </message>
    <message>
        <source>Start a round</source>
        <translation>Runde starten</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>Runden</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>Vorgeschlagen von</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>Fälle</translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation>Vorschläge</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Begonnen</translation>
    </message>
    <message>
        <source>Proposed codes</source>
        <translation>Vorgeschlagene Codes</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Definition</source>
        <translation>Definition</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Merge into</source>
        <translation>Zusammenführen in</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Close round</source>
        <translation>Runde abschließen</translation>
    </message>
    <message>
        <source>Save the codebook with the accepted codes as a new version</source>
        <translation>Das Codebuch mit den angenommenen Codes als neue Version speichern</translation>
    </message>
    <message>
        <source>Saturation: new codes per closed round</source>
        <translation>Sättigung: neue Codes je abgeschlossener Runde</translation>
    </message>
    <message>
        <source>Could not draw the saturation plot: {v0}</source>
        <translation>Das Sättigungsdiagramm konnte nicht gezeichnet werden: {v0}</translation>
    </message>
    <message>
        <source>Notes and “other” codes only (no run)</source>
        <translation>Nur Notizen und Codes „Sonstiges“ (kein Lauf)</translation>
    </message>
    <message>
        <source>closed: {n} new codes, codebook v{v}</source>
        <translation>abgeschlossen: {n} neue Codes, Codebuch v{v}</translation>
    </message>
    <message>
        <source>open: {n} undecided</source>
        <translation>offen: {n} nicht entschieden</translation>
    </message>
    <message>
        <source>{n} rounds, {open} open; codebook v{v}</source>
        <translation>{n} Runden, {open} offen; Codebuch v{v}</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>merged into {code}</source>
        <translation>zusammengeführt in {code}</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>undecided</source>
        <translation>nicht entschieden</translation>
    </message>
    <message>
        <source>Reading the uncovered cases…</source>
        <translation>Die nicht abgedeckten Fälle werden gelesen…</translation>
    </message>
    <message>
        <source>Induction round</source>
        <translation>Induktionsrunde</translation>
    </message>
    <message>
        <source>Round {round_id}: {n} cases read, {p} codes proposed</source>
        <translation>Runde {round_id}: {n} Fälle gelesen, {p} Codes vorgeschlagen</translation>
    </message>
    <message>
        <source>Deciding a proposed code</source>
        <translation>Vorgeschlagenen Code entscheiden</translation>
    </message>
    <message>
        <source>Closing the round</source>
        <translation>Runde wird abgeschlossen</translation>
    </message>
    <message>
        <source>Round {round_id} closed: {n} new codes; codebook v{v}</source>
        <translation>Runde {round_id} abgeschlossen: {n} neue Codes; Codebuch v{v}</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Verify run</source>
        <translation>Prüflauf</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Dimension / step</source>
        <translation>Dimension / Schritt</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>Counting the cases not covered yet…</source>
        <translation>Die noch nicht abgedeckten Fälle werden gezählt…</translation>
    </message>
    <message>
        <source>No case is left uncovered: a round now records saturation without asking the LLM.</source>
        <translation>Kein Fall ist mehr unabgedeckt: Eine Runde verzeichnet jetzt die Sättigung, ohne das LLM zu fragen.</translation>
    </message>
    <message>
        <source>{n} cases not covered yet: {notes} labels with a note or “other”, {d} unexplained disagreements; a round reads up to {max}.</source>
        <translation>{n} Fälle noch nicht abgedeckt: {notes} Labels mit Notiz oder „Sonstiges“, {d} unerklärte Abweichungen; eine Runde liest bis zu {max}.</translation>
    </message>
    <message>
        <source>LLM:</source>
        <translation>LLM:</translation>
    </message>
    <message>
        <source>The LLM reads up to {n} uncovered cases and proposes codes</source>
        <translation>Das LLM liest bis zu {n} nicht abgedeckte Fälle und schlägt Codes vor</translation>
    </message>
    <message>
        <source>Add an “other” code</source>
        <translation>Code „Sonstiges“ hinzufügen</translation>
    </message>
    <message>
        <source>Add a code “Other (say what in a note)” to every dimension and step that lacks one (a new codebook version): labels coded “other” are cases the next round reads</source>
        <translation>Jeder Dimension und jedem Schritt ohne ihn den Code „Sonstiges (in einer Notiz beschreiben)“ hinzufügen (eine neue Codebuch-Version): Mit „Sonstiges“ codierte Labels sind Fälle, die die nächste Runde liest</translation>
    </message>
    <message>
        <source>Adding “other” codes</source>
        <translation>Codes „Sonstiges“ werden hinzugefügt</translation>
    </message>
    <message>
        <source>Codebook v{v}: every dimension and step has an “other” code</source>
        <translation>Codebuch v{v}: Jede Dimension und jeder Schritt hat einen Code „Sonstiges“</translation>
    </message>
</context>
<context>
    <name>ExperimentsView</name>
    <message>
        <source>Sub-query merge</source>
        <translation>Teilanfragen zusammenführen</translation>
    </message>
    <message>
        <source>no merge</source>
        <translation>keine Zusammenführung</translation>
    </message>
    <message>
        <source>conservative merge</source>
        <translation>konservative Zusammenführung</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Zelle</translation>
    </message>
    <message>
        <source>Retriever</source>
        <translation>Retriever</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Korpus</translation>
    </message>
    <message>
        <source>Verifier</source>
        <translation>Prüfer</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Accuracy [95% CI]</source>
        <translation>Genauigkeit [95-%-KI]</translation>
    </message>
    <message>
        <source>Holm p vs baseline</source>
        <translation>Holm-p gegen Basis</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>Experimente</translation>
    </message>
    <message>
        <source>An ablation grid on a tuning split: every combination of the values checked below is one cell (a retrieval and a verify run, reused when they exist). Pick on the tuning split, then confirm the pick once on test.</source>
        <translation>Ein Ablationsraster auf einem Abstimmungs-Split: Jede Kombination der unten angehakten Werte ist eine Zelle (ein Abruf- und ein Prüflauf, vorhandene werden wiederverwendet). Auf dem Abstimmungs-Split auswählen, dann die Wahl einmal auf Test bestätigen.</translation>
    </message>
    <message>
        <source>Retrievers</source>
        <translation>Retriever</translation>
    </message>
    <message>
        <source>Passages per claim (k)</source>
        <translation>Passagen je Behauptung (k)</translation>
    </message>
    <message>
        <source>Corpora</source>
        <translation>Korpora</translation>
    </message>
    <message>
        <source>Verifiers</source>
        <translation>Prüfer</translation>
    </message>
    <message>
        <source>Prompts (LLM verifiers)</source>
        <translation>Prompts (LLM-Prüfer)</translation>
    </message>
    <message>
        <source>Claim limit</source>
        <translation>Höchstzahl Behauptungen</translation>
    </message>
    <message>
        <source>all claims</source>
        <translation>alle Behauptungen</translation>
    </message>
    <message>
        <source>Baseline cell</source>
        <translation>Basiszelle</translation>
    </message>
    <message>
        <source>Tuning split</source>
        <translation>Abstimmungs-Split</translation>
    </message>
    <message>
        <source>Run grid</source>
        <translation>Raster ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Confirm on test</source>
        <translation>Auf Test bestätigen</translation>
    </message>
    <message>
        <source>Evaluate the picked cell once on the test split (logged; a second look is refused)</source>
        <translation>Die gewählte Zelle einmal auf dem Test-Split auswerten (protokolliert; ein zweiter Blick wird abgelehnt)</translation>
    </message>
    <message>
        <source>all corpora</source>
        <translation>alle Korpora</translation>
    </message>
    <message>
        <source>shipped template</source>
        <translation>mitgelieferte Vorlage</translation>
    </message>
    <message>
        <source>{split} ({n} claims)</source>
        <translation>{split} ({n} Behauptungen)</translation>
    </message>
    <message>
        <source>Check at least one value of each axis.</source>
        <translation>Bitte auf jeder Achse mindestens einen Wert anhaken.</translation>
    </message>
    <message>
        <source>No claims dataset has a tuning split: set one (other than test) when importing the claims.</source>
        <translation>Kein Behauptungs-Datensatz hat einen Abstimmungs-Split: beim Import der Behauptungen einen setzen (nicht test).</translation>
    </message>
    <message>
        <source>every cell is done: running shows the table at once</source>
        <translation>jede Zelle ist fertig: Ausführen zeigt die Tabelle sofort</translation>
    </message>
    <message>
        <source>about {n} min for the rest</source>
        <translation>etwa {n} Min. für den Rest</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>Abruf</translation>
    </message>
    <message>
        <source>time unknown: no earlier run measured {what}</source>
        <translation>Dauer unbekannt: kein früherer Lauf hat {what} gemessen</translation>
    </message>
    <message>
        <source>{cells} cells over {claims} claims ({retrieve} retrieve and {verify} verify runs); {done} done; {when}</source>
        <translation>{cells} Zellen über {claims} Behauptungen ({retrieve} Retrieval- und {verify} Prüfläufe); {done} fertig; {when}</translation>
    </message>
    <message>
        <source>pick</source>
        <translation>Wahl</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>to run</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>mitgeliefert</translation>
    </message>
    <message>
        <source>local, CPU {s} s</source>
        <translation>lokal, CPU {s} s</translation>
    </message>
    <message>
        <source>{money}, CPU {s} s</source>
        <translation>{money}, CPU {s} s</translation>
    </message>
    <message>
        <source>CPU {s} s, price unknown</source>
        <translation>CPU {s} s, Preis unbekannt</translation>
    </message>
    <message>
        <source>Cochran's Q = {q} (df {df}), p = {p} (χ²), {pp} (permutation)</source>
        <translation>Cochran-Q = {q} (FG {df}), p = {p} (χ²), {pp} (Permutation)</translation>
    </message>
    <message>
        <source>Pick: cell {cell}, accuracy {acc} over {n} claims of {split} (grid {id})</source>
        <translation>Wahl: Zelle {cell}, Genauigkeit {acc} über {n} Behauptungen von {split} (Raster {id})</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>Running the grid…</source>
        <translation>Raster läuft…</translation>
    </message>
    <message>
        <source>Running the grid</source>
        <translation>Raster ausführen</translation>
    </message>
    <message>
        <source>The grid stopped: {why}</source>
        <translation>Das Raster hat angehalten: {why}</translation>
    </message>
    <message>
        <source>Cancelled: the finished cells are kept; Run grid resumes where it stopped.</source>
        <translation>Abgebrochen: Die fertigen Zellen bleiben erhalten; „Raster ausführen“ setzt dort fort, wo es anhielt.</translation>
    </message>
    <message>
        <source>%v of %m cells</source>
        <translation>%v von %m Zellen</translation>
    </message>
    <message>
        <source>Evaluating the pick on test…</source>
        <translation>Die Wahl wird auf Test ausgewertet…</translation>
    </message>
    <message>
        <source>Confirming on test</source>
        <translation>Bestätigung auf Test</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Confirmed on {split}: accuracy {acc} {ci} over {n} claims (logged; no second look)</source>
        <translation>Auf {split} bestätigt: Genauigkeit {acc} {ci} über {n} Behauptungen (protokolliert; kein zweiter Blick)</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>Endpunkt</translation>
    </message>
</context>
<context>
    <name>PromptsView</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>sha256</source>
        <translation>sha256</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>mitgeliefert</translation>
    </message>
    <message>
        <source>project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>Prompts</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>Aufgabe:</translation>
    </message>
    <message>
        <source>Filled prompt (placeholders as &lt;name&gt;):</source>
        <translation>Ausgefüllter Prompt (Platzhalter als &lt;name&gt;):</translation>
    </message>
    <message>
        <source>lower-case letters, digits, '.', '_' or '-'</source>
        <translation>Kleinbuchstaben, Ziffern, „.“, „_“ oder „-“</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>Speichern als</translation>
    </message>
    <message>
        <source>what changed (optional)</source>
        <translation>was sich geändert hat (optional)</translation>
    </message>
    <message>
        <source>New version…</source>
        <translation>Neue Version…</translation>
    </message>
    <message>
        <source>Edit a copy of this template and save it as a new version</source>
        <translation>Eine Kopie dieser Vorlage bearbeiten und als neue Version speichern</translation>
    </message>
    <message>
        <source>Save version</source>
        <translation>Version speichern</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>all tasks</source>
        <translation>alle Aufgaben</translation>
    </message>
    <message>
        <source>{shipped} shipped templates, {project} saved versions in this project</source>
        <translation>{shipped} mitgelieferte Vorlagen, {project} gespeicherte Versionen in diesem Projekt</translation>
    </message>
    <message>
        <source>{name} v{version} for {task}, sha256 {sha}; placeholders: {names}</source>
        <translation>{name} v{version} für {task}, sha256 {sha}; Platzhalter: {names}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Refused: {why}</source>
        <translation>Abgelehnt: {why}</translation>
    </message>
    <message>
        <source>The template keeps everything the {task} run needs.</source>
        <translation>Die Vorlage behält alles, was der {task}-Lauf braucht.</translation>
    </message>
    <message>
        <source>Saving a prompt</source>
        <translation>Prompt wird gespeichert</translation>
    </message>
    <message>
        <source>Not saved: {why}</source>
        <translation>Nicht gespeichert: {why}</translation>
    </message>
    <message>
        <source>Saved {name} v{version} (sha256 {sha}).</source>
        <translation>{name} v{version} gespeichert (sha256 {sha}).</translation>
    </message>
</context>
<context>
    <name>GatesView</name>
    <message>
        <source>Strict score at least</source>
        <translation>Strikte Bewertung mindestens</translation>
    </message>
    <message>
        <source>Intermediate score at least</source>
        <translation>Mittlere Bewertung mindestens</translation>
    </message>
    <message>
        <source>Lenient score at least</source>
        <translation>Nachsichtige Bewertung mindestens</translation>
    </message>
    <message>
        <source>Missed critical items at most</source>
        <translation>Verfehlte kritische Items höchstens</translation>
    </message>
    <message>
        <source>Evidence coverage at least</source>
        <translation>Evidenzabdeckung mindestens</translation>
    </message>
    <message>
        <source>Faithfulness at least</source>
        <translation>Treue zur Evidenz mindestens</translation>
    </message>
    <message>
        <source>Refusal rate at least</source>
        <translation>Verweigerungsquote mindestens</translation>
    </message>
    <message>
        <source>Refusal rate at most</source>
        <translation>Verweigerungsquote höchstens</translation>
    </message>
    <message>
        <source>Answers citing a passage at least</source>
        <translation>Antworten mit zitierter Passage mindestens</translation>
    </message>
    <message>
        <source>Risk-tier gates</source>
        <translation>Schwellen je Risikostufe</translation>
    </message>
    <message>
        <source>The thresholds each risk tier's answers must reach (A high, B medium, C low risk). The file holds your conditions; scoring puts them over the built-in defaults, so a default stays unless you set its value.</source>
        <translation>Die Schwellen, die die Antworten jeder Risikostufe erreichen müssen (A hohes, B mittleres, C niedriges Risiko). Die Datei enthält Ihre Bedingungen; die Bewertung legt sie über die eingebauten Standardwerte, ein Standardwert bleibt also, solange Sie seinen Wert nicht setzen.</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Bedingung</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Schwelle</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Drop the file's condition (a default comes back)</source>
        <translation>Die Bedingung der Datei entfernen (ein Standardwert kehrt zurück)</translation>
    </message>
    <message>
        <source>this file</source>
        <translation>diese Datei</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
</context>
<context>
    <name>LexiconView</name>
    <message>
        <source>Equivalence lexicon</source>
        <translation>Äquivalenzlexikon</translation>
    </message>
    <message>
        <source>Synonyms that mean the same answer option (a brand and its generic name, an abbreviation): multi-answer scoring maps each to its option before matching. Case, spacing and full-width forms are ignored anyway.</source>
        <translation>Synonyme, die dieselbe Antwortoption bedeuten (ein Handelsname und sein Wirkstoffname, eine Abkürzung): Die Mehrfachantwort-Bewertung ordnet jedes vor dem Abgleich seiner Option zu. Groß- und Kleinschreibung, Leerzeichen und Vollbreitenformen werden ohnehin ignoriert.</translation>
    </message>
    <message>
        <source>Option</source>
        <translation>Option</translation>
    </message>
    <message>
        <source>Synonyms</source>
        <translation>Synonyme</translation>
    </message>
    <message>
        <source>Synonyms, separated by commas</source>
        <translation>Synonyme, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Add or replace</source>
        <translation>Hinzufügen oder ersetzen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Type the option first</source>
        <translation>Zuerst die Option eingeben</translation>
    </message>
</context>
<context>
    <name>PricesView</name>
    <message>
        <source>Prices</source>
        <translation>Preise</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>What each saved endpoint costs, in your currency per million tokens. Run costs use these prices; an endpoint without one has an unknown cost. Prices stay on this computer and are never written into a project. Local models cost nothing.</source>
        <translation>Was jeder gespeicherte Endpunkt kostet, in Ihrer Währung pro Million Token. Die Laufkosten verwenden diese Preise; ein Endpunkt ohne Preis hat unbekannte Kosten. Preise bleiben auf diesem Computer und werden nie in ein Projekt geschrieben. Lokale Modelle kosten nichts.</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Input per million tokens</source>
        <translation>Eingabe pro Million Token</translation>
    </message>
    <message>
        <source>Output per million tokens</source>
        <translation>Ausgabe pro Million Token</translation>
    </message>
    <message>
        <source>Input:</source>
        <translation>Eingabe:</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>Ausgabe:</translation>
    </message>
    <message>
        <source>Set price</source>
        <translation>Preis setzen</translation>
    </message>
    <message>
        <source>Remove price</source>
        <translation>Preis entfernen</translation>
    </message>
    <message>
        <source>Forget the price: the endpoint's costs become unknown</source>
        <translation>Den Preis vergessen: Die Kosten des Endpunkts werden unbekannt</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>(no longer saved)</source>
        <translation>(nicht mehr gespeichert)</translation>
    </message>
    <message>
        <source>No saved endpoint: add one in Models (Ctrl+M) to give it a price.</source>
        <translation>Kein gespeicherter Endpunkt: Fügen Sie unter Modelle (Strg+M) einen hinzu, um ihm einen Preis zu geben.</translation>
    </message>
    <message>
        <source>{n} saved endpoints, {k} with a price</source>
        <translation>{n} gespeicherte Endpunkte, {k} mit Preis</translation>
    </message>
    <message>
        <source>Setting the price of {name}</source>
        <translation>Preis von {name} wird gesetzt</translation>
    </message>
    <message>
        <source>Removing the price of {name}</source>
        <translation>Preis von {name} wird entfernt</translation>
    </message>
</context>
<context>
    <name>_FileEditor</name>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Read the file again (unsaved edits are dropped)</source>
        <translation>Die Datei erneut lesen (nicht gespeicherte Änderungen gehen verloren)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>Saved in the file</source>
        <translation>In der Datei gespeichert</translation>
    </message>
    <message>
        <source>No file yet: the first save creates it</source>
        <translation>Noch keine Datei: Das erste Speichern legt sie an</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>Datei auswählen</translation>
    </message>
    <message>
        <source>Edited: not saved yet</source>
        <translation>Geändert: noch nicht gespeichert</translation>
    </message>
    <message>
        <source>Saving {name}</source>
        <translation>{name} wird gespeichert</translation>
    </message>
</context>
<context>
    <name>labeling_note</name>
    <message>
        <source>Note on the label</source>
        <translation>Notiz zum Label</translation>
    </message>
    <message>
        <source>{dimension}: what did you see that the codes do not say?</source>
        <translation>{dimension}: Was haben Sie gesehen, das die Codes nicht ausdrücken?</translation>
    </message>
    <message>
        <source>Label {dimension} first (a digit), then N adds a note to that label.</source>
        <translation>Zuerst {dimension} labeln (eine Ziffer), dann fügt N diesem Label eine Notiz hinzu.</translation>
    </message>
    <message>
        <source>Note saved on {dimension}.</source>
        <translation>Notiz zu {dimension} gespeichert.</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>Nicht gespeichert: {v0}</translation>
    </message>
    <message>
        <source>saving a note</source>
        <translation>Notiz wird gespeichert</translation>
    </message>
</context>
<context>
    <name>GoldOptionsPanel</name>
    <message>
        <source>Gold options of two raters</source>
        <translation>Gold-Optionen zweier Bewerter</translation>
    </message>
    <message>
        <source>Second rater:</source>
        <translation>Zweiter Bewerter:</translation>
    </message>
    <message>
        <source>name of the rater to import</source>
        <translation>Name des zu importierenden Bewerters</translation>
    </message>
    <message>
        <source>Import gold options…</source>
        <translation>Gold-Optionen importieren…</translation>
    </message>
    <message>
        <source>A JSONL or CSV file of records {"item_id", "gold_options"} from a second rater; a new import of the same rater replaces their sets</source>
        <translation>Eine JSONL- oder CSV-Datei mit Datensätzen {"item_id", "gold_options"} eines zweiten Bewerters; ein neuer Import desselben Bewerters ersetzt dessen Mengen</translation>
    </message>
    <message>
        <source>Items whose two gold sets differ</source>
        <translation>Einträge, deren zwei Gold-Mengen sich unterscheiden</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Only in the imported gold</source>
        <translation>Nur im importierten Gold</translation>
    </message>
    <message>
        <source>Only in the second rater's</source>
        <translation>Nur beim zweiten Bewerter</translation>
    </message>
    <message>
        <source>Test-set profile</source>
        <translation>Profil des Testsatzes</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>Could not read the gold options: {v0}</source>
        <translation>Die Gold-Optionen konnten nicht gelesen werden: {v0}</translation>
    </message>
    <message>
        <source>Reading gold options</source>
        <translation>Gold-Optionen werden gelesen</translation>
    </message>
    <message>
        <source>No second rater yet: name one and import their gold options to see the agreement.</source>
        <translation>Noch kein zweiter Bewerter: einen benennen und seine Gold-Optionen importieren, um die Übereinstimmung zu sehen.</translation>
    </message>
    <message>
        <source>Name the second rater first.</source>
        <translation>Zuerst den zweiten Bewerter benennen.</translation>
    </message>
    <message>
        <source>A second rater's gold options</source>
        <translation>Gold-Optionen eines zweiten Bewerters</translation>
    </message>
    <message>
        <source>Gold options (*.jsonl *.csv)</source>
        <translation>Gold-Optionen (*.jsonl *.csv)</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>Wird importiert…</translation>
    </message>
    <message>
        <source>Importing gold options</source>
        <translation>Gold-Optionen werden importiert</translation>
    </message>
    <message>
        <source>… and more</source>
        <translation>… und weitere</translation>
    </message>
    <message>
        <source>Not imported, nothing written:</source>
        <translation>Nicht importiert, nichts geschrieben:</translation>
    </message>
    <message>
        <source>Not imported: {v0}</source>
        <translation>Nicht importiert: {v0}</translation>
    </message>
</context>
<context>
    <name>AnswersGold</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>{share} ({n} of {total})</source>
        <translation>{share} ({n} von {total})</translation>
    </message>
    <message>
        <source>Cohen's κ {kappa} over {decisions} option decisions of {items} items rated by both</source>
        <translation>Cohens κ {kappa} über {decisions} Optionsentscheidungen von {items} von beiden bewerteten Einträgen</translation>
    </message>
    <message>
        <source>same gold set on {share}, 95 % interval {ci}</source>
        <translation>gleiche Gold-Menge bei {share}, 95-%-Intervall {ci}</translation>
    </message>
    <message>
        <source>items not compared, set by one rater only: imported gold {first}, {rater} {second}</source>
        <translation>nicht verglichene Einträge, nur von einem Bewerter gesetzt: importiertes Gold {first}, {rater} {second}</translation>
    </message>
    <message>
        <source>{n} items list no options: judged over the union of the two sets, which lowers κ</source>
        <translation>{n} Einträge nennen keine Optionen: über die Vereinigung der beiden Mengen beurteilt, was κ senkt</translation>
    </message>
    <message>
        <source>No items with gold options in this project.</source>
        <translation>Keine Einträge mit Gold-Optionen in diesem Projekt.</translation>
    </message>
    <message>
        <source>{n} items; sources: {sources}; more than one gold option: {multi}; negated question: {negation}; mean distractors {mean} (over {listed} items that list their options)</source>
        <translation>{n} Einträge; Quellen: {sources}; mehr als eine Gold-Option: {multi}; verneinte Frage: {negation}; mittlere Distraktoren {mean} (über {listed} Einträge, die ihre Optionen nennen)</translation>
    </message>
</context>
</TS>
