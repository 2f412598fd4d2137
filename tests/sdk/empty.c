/* empty.c - a program whose main returns at once: what start-up and exit
 * cost (tests/sdk_checks.py bounds its cycles). */
int main(void)
{
    return 0;
}
